/**
 * Labelled select and textarea matching src/ui's Field (the shared kit has
 * only inputs); errors are tied to the control with aria-describedby.
 */
import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Button } from '../../../ui/button';
import { inputClass } from '../../../ui/field';

interface Labelled {
  label: string;
  error?: string | undefined;
  required?: boolean;
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean | undefined }) {
  return (
    <div className="flex gap-1 text-sm font-medium">
      <label htmlFor={id} className="block text-slate-800">
        {label}
      </label>
      {required && (
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      )}
    </div>
  );
}

function ErrorText({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

export const SelectField = forwardRef<HTMLSelectElement, Labelled & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }>(
  function SelectField({ label, error, required, children, id, ...rest }, ref) {
    const auto = useId();
    const sid = id ?? auto;
    return (
      <div className="space-y-1">
        <Label id={sid} label={label} required={required} />
        <select
          ref={ref}
          id={sid}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${sid}-error` : undefined}
          {...rest}
        >
          {children}
        </select>
        <ErrorText id={sid} error={error} />
      </div>
    );
  },
);

export const TextAreaField = forwardRef<HTMLTextAreaElement, Labelled & TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextAreaField(
  { label, error, required, id, ...rest },
  ref,
) {
  const auto = useId();
  const tid = id ?? auto;
  return (
    <div className="space-y-1">
      <Label id={tid} label={label} required={required} />
      <textarea
        ref={ref}
        id={tid}
        rows={3}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${tid}-error` : undefined}
        {...rest}
      />
      <ErrorText id={tid} error={error} />
    </div>
  );
});

export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="min-w-48 flex-1 space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={inputClass}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** The options of a campus select, by id, labelled with the campus name. */
export function CampusOptions({ campuses }: { campuses: ReadonlyArray<Readonly<Record<string, unknown>> & { id: string }> }) {
  return (
    <>
      {campuses.map((c) => (
        <option key={c.id} value={c.id}>
          {`${typeof c.campus_name === 'string' ? c.campus_name : ''}${c.active === false ? ' (inactive)' : ''}`}
        </option>
      ))}
    </>
  );
}

/** A form's heading and the error of its last save (announced). */
export function FormHeader({ title, error }: { title: string; error: string | null }) {
  return (
    <>
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** Cancel and submit at the foot of a form. */
export function FormActions({
  onCancel,
  submitLabel,
  busy,
  disabled,
}: {
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" busy={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
