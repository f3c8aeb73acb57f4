/**
 * Labelled select, textarea and checkbox matching Field (errors are tied to
 * their control), and a definition list for details.
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { inputClass } from './field';

interface Labelled {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function Extra({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

export const SelectField = forwardRef<HTMLSelectElement, Labelled & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }>(
  function SelectField({ label, error, hint, children, id, ...rest }, ref) {
    const auto = useId();
    const sid = id ?? auto;
    return (
      <div className="space-y-1">
        <label htmlFor={sid} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <select
          ref={ref}
          id={sid}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(sid, error, hint)}
          {...rest}
        >
          {children}
        </select>
        <Extra id={sid} error={error} hint={hint} />
      </div>
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextAreaField(
  { label, error, hint, id, ...rest },
  ref,
) {
  const auto = useId();
  const tid = id ?? auto;
  return (
    <div className="space-y-1">
      <label htmlFor={tid} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={tid}
        rows={2}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(tid, error, hint)}
        {...rest}
      />
      <Extra id={tid} error={error} hint={hint} />
    </div>
  );
});

export const CheckboxField = forwardRef<HTMLInputElement, Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(
  function CheckboxField({ label, error, hint, id, ...rest }, ref) {
    const auto = useId();
    const cid = id ?? auto;
    return (
      <div className="space-y-1">
        <div className="flex min-h-11 items-center gap-2">
          <input
            ref={ref}
            id={cid}
            type="checkbox"
            className="size-5 rounded border-slate-400 accent-blue-700"
            aria-describedby={describedBy(cid, error, hint)}
            {...rest}
          />
          <label htmlFor={cid} className="text-sm font-medium text-slate-800">
            {label}
          </label>
        </div>
        <Extra id={cid} error={error} hint={hint} />
      </div>
    );
  },
);

/** A definition list of label / value pairs (details and one-time panels). */
export function Facts({ items }: { items: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
