/** The outcome of the last action, shown inside the modal and announced (status, or alert for errors). */
import { useCallback } from 'react';
import { Alert, type AlertTone } from '../../../ui/alert';
import { useFormMessage, type FormMessage } from '../../../ui/form-message';

export type NoticeState = FormMessage;

/**
 * `edited` retires an outcome ("... saved") once the user starts another edit;
 * an error or warning (a delete that failed, stale QR images) stays until the
 * next outcome replaces it, since editing does not make it untrue.
 */
export function useNotice() {
  const { message: notice, show, edited } = useFormMessage();
  const say = useCallback((tone: AlertTone, text: string) => show({ tone, text }), [show]);
  const clear = useCallback(() => show(null), [show]);
  const stale = useCallback(() => edited(''), [edited]);
  return { notice, say, clear, stale };
}

export function Notice({ notice }: { notice: NoticeState | null }) {
  if (!notice) return null;
  return (
    <Alert tone={notice.tone} className="mb-3">
      {notice.text}
    </Alert>
  );
}
