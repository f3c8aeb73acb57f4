/**
 * Turning a product API refusal into form feedback: 422 issues go onto the
 * fields they name, a slug conflict onto the slug, anything else into the
 * form's own message.
 */
import type { UseFormSetError } from 'react-hook-form';
import { ProductApiError } from '../../../data';
import { formPathOfIssue, type TenantFormValues } from '../model';

/** Sets the field errors it can; returns the text for the form-level message (null when every issue found its field). */
export function applyApiError(error: unknown, setError: UseFormSetError<TenantFormValues>): { placed: boolean; message: string } {
  const message = error instanceof Error && error.message ? error.message : 'Unknown error';
  if (!(error instanceof ProductApiError)) return { placed: false, message };
  if (error.status === 422 && error.issues.length > 0) {
    let placedAll = true;
    for (const issue of error.issues) {
      const path = formPathOfIssue(issue.path);
      if (path) setError(path, { type: 'server', message: issue.message });
      else placedAll = false;
    }
    return { placed: placedAll, message };
  }
  if (error.status === 409 && /slug/i.test(message)) {
    setError('slug', { type: 'server', message });
    return { placed: true, message };
  }
  return { placed: false, message };
}
