/**
 * The shared presentational kit. Modal (Headless UI) and Tabs are exported
 * from './overlays' so screens that do not use them never load their code.
 */
export { Alert, type AlertTone } from './alert';
export { Button, ButtonLink, buttonClass, type ButtonProps, type ButtonVariant } from './button';
export { cx } from './cx';
export { EmptyState } from './empty-state';
export { Field, inputClass, type FieldProps } from './field';
export { Loading } from './loading';
export { Placeholder } from './placeholder';
export { PasswordField } from './password-field';
export { Table, type Column, type TableProps } from './table';
export { ToastProvider, useToast, type ToastOptions } from './toast';
