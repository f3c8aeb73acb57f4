/**
 * A secret shown once (a licence key, a temporary password, an invitation
 * link) with a Copy button. When the clipboard is refused the value stays
 * selectable and the button says so. A long value (a link) goes in a
 * read-only field, so it scrolls instead of stretching the dialog.
 */
import { useId, useState } from 'react';
import { Button } from './button';
import { inputClass } from './field';

type CopyState = 'idle' | 'copied' | 'failed';

export function CopyValue({ label, value, testId, field = false }: { label: string; value: string; testId?: string; field?: boolean }) {
  const [state, setState] = useState<CopyState>('idle');
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="space-y-1">
      {field ? (
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
      ) : (
        <p className="text-sm font-medium text-slate-800">{label}</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {field ? (
          <input
            id={id}
            data-testid={testId}
            readOnly
            value={value}
            onFocus={(e) => e.currentTarget.select()}
            className={`${inputClass} min-w-0 flex-1 font-mono`}
          />
        ) : (
          <code
            data-testid={testId}
            className="select-all rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base text-slate-900"
          >
            {value}
          </code>
        )}
        <Button size="sm" variant="secondary" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          Copy
        </Button>
        <span role="status" className="text-sm text-slate-700">
          {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text and copy it' : ''}
        </span>
      </div>
    </div>
  );
}
