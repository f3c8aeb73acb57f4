import { forwardRef, useState } from 'react';
import { Field, type FieldProps } from './field';

export type PasswordFieldProps = Omit<FieldProps, 'type' | 'trailing'>;

/** A password input with a Show/Hide toggle that says which state it is in. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField({ label, ...rest }, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      ref={ref}
      label={label}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="min-h-9 rounded-md px-3 text-sm font-semibold text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700"
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
      {...rest}
    />
  );
});
