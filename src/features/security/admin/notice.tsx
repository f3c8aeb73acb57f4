/** The outcome of the last action, shown inside the modal and announced (status, or alert for errors). */
import { useCallback, useState } from 'react';
import { Alert, type AlertTone } from '../../../ui/alert';

export interface NoticeState {
  tone: AlertTone;
  text: string;
}

export function useNotice() {
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const say = useCallback((tone: AlertTone, text: string) => setNotice({ tone, text }), []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, say, clear };
}

export function Notice({ notice }: { notice: NoticeState | null }) {
  if (!notice) return null;
  return (
    <Alert tone={notice.tone} className="mb-3">
      {notice.text}
    </Alert>
  );
}
