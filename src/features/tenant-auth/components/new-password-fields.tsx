import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordChecklist } from '../../../ui/password-checklist';
import { PasswordField } from '../../../ui/password-field';

export interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  passwordField: UseFormRegisterReturn;
  confirmField: UseFormRegisterReturn;
  passwordLabel?: string;
  confirmLabel?: string;
  checklistHeading?: string;
}

/**
 * A new password, its confirmation and the one password rule's live
 * checklist: the forced change and an invited user's first password ask
 * for it the same way.
 */
export function NewPasswordFields({
  password,
  confirm,
  passwordField,
  confirmField,
  passwordLabel = 'New password',
  confirmLabel = 'Confirm new password',
  checklistHeading = 'Your new password needs:',
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField label={passwordLabel} autoComplete="new-password" required aria-describedby="password-checklist" {...passwordField} />
      <PasswordField label={confirmLabel} autoComplete="new-password" required {...confirmField} />
      <PasswordChecklist id="password-checklist" password={password} confirm={confirm} heading={checklistHeading} />
    </>
  );
}
