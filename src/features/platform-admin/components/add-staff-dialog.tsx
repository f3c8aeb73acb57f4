/**
 * Add Staff (issue 11): a platform account and its Staff row, checked by the
 * API's own createStaffSchema (the one password rule included), so the form
 * refuses exactly what the server refuses.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ProductApiError } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { useFormMessage } from '../../../ui/form-message';
import { Modal } from '../../../ui/modal';
import { PasswordField } from '../../../ui/password-field';
import { createStaffSchema, type CreateStaff, type CreateStaffInput } from '../../../../supabase/functions/_shared/tenant-users';
import { errorText } from '../api';
import { staffToolsApi, type StaffMember } from '../staff-tools-api';
import { CheckboxField } from '../../../ui/controls';

const FIELDS = ['email', 'first_name', 'last_name', 'is_staff_admin', 'password'] as const;

export function AddStaffDialog({
  disabledReason,
  onClose,
  onCreated,
}: {
  /** Set while the server cannot be reached: the form says so and does not send. */
  disabledReason: string | null;
  onClose: () => void;
  onCreated: (staff: StaffMember) => void;
}) {
  // "Please correct the highlighted fields" goes once one of them is edited; a failed request stays until the next try.
  const { message: formError, show, onChange } = useFormMessage();
  const form = useForm<CreateStaffInput, unknown, CreateStaff>({
    resolver: zodResolver(createStaffSchema),
    defaultValues: { email: '', first_name: '', last_name: '', is_staff_admin: true, password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    show(null);
    try {
      onCreated((await staffToolsApi.createStaff(body)).staff);
    } catch (e) {
      const placed: string[] = [];
      if (e instanceof ProductApiError && e.status === 422) {
        for (const issue of e.issues) {
          const field = FIELDS.find((f) => f === issue.path);
          if (field) {
            form.setError(field, { type: 'server', message: issue.message });
            placed.push(field);
          }
        }
      }
      if (e instanceof ProductApiError && e.status === 409 && /email/i.test(e.message)) {
        form.setError('email', { type: 'server', message: e.message });
        placed.push('email');
      }
      show(
        placed.length > 0
          ? { tone: 'error', text: 'Please correct the highlighted fields.', blames: placed }
          : { tone: 'error', text: `Failed to add the staff member: ${errorText(e, 'unknown error')}` },
      );
    }
  });
  return (
    <Modal open onClose={onClose} title="Add Staff Member" size="md">
      <form noValidate onSubmit={(e) => void submit(e)} onChange={onChange} aria-label="Add Staff Member" className="space-y-4">
        <Field label="Email" type="email" autoComplete="off" required error={errors.email?.message} {...form.register('email')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First Name" required error={errors.first_name?.message} {...form.register('first_name')} />
          <Field label="Last Name" required error={errors.last_name?.message} {...form.register('last_name')} />
        </div>
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          hint="At least 8 characters, with a capital letter, a number and a special character."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <CheckboxField label="Staff admin" hint="Staff admins can use every staff screen." {...form.register('is_staff_admin')} />
        {disabledReason && <Alert tone="warning">{disabledReason}</Alert>}
        {formError && <Alert tone="error">{formError.text}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={isSubmitting} disabled={disabledReason !== null}>
            {isSubmitting ? 'Adding...' : 'Add Staff Member'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
