/**
 * Turning a product API refusal into form feedback: 422 issues go onto the
 * fields they name, a slug conflict onto the slug, anything else into the
 * form's own message.
 */
import type { UseFormSetError } from 'react-hook-form';
import { ProductApiError } from '../../../data';
import { formPathOfIssue, type TenantFormValues } from '../model';

/**
 * Sets the field errors it can; `placed` says every issue found its field, and
 * `fields` names them, so editing one retires the form's "correct the highlighted fields".
 */
export function applyApiError(
  error: unknown,
  setError: UseFormSetError<TenantFormValues>,
): { placed: boolean; message: string; fields: string[] } {
  const message = error instanceof Error && error.message ? error.message : 'Unknown error';
  const fields: string[] = [];
  if (!(error instanceof ProductApiError)) return { placed: false, message, fields };
  if (error.status === 422 && error.issues.length > 0) {
    let placedAll = true;
    for (const issue of error.issues) {
      const path = formPathOfIssue(issue.path);
      if (path) {
        setError(path, { type: 'server', message: issue.message });
        fields.push(path);
      } else placedAll = false;
    }
    return { placed: placedAll, message, fields };
  }
  if (error.status === 409 && /slug/i.test(message)) {
    setError('slug', { type: 'server', message });
    return { placed: true, message, fields: ['slug'] };
  }
  return { placed: false, message, fields };
}
