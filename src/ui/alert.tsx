import type { ReactNode } from 'react';
import { cx } from './cx';

export type AlertTone = 'error' | 'info' | 'success' | 'warning';

const tones: Record<AlertTone, string> = {
  error: 'border-red-300 bg-red-50 text-red-800',
  info: 'border-blue-300 bg-blue-50 text-blue-900',
  success: 'border-green-300 bg-green-50 text-green-800',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
};

/** A message box; errors are announced at once (role alert), others politely. */
export function Alert({ tone = 'info', children, className }: { tone?: AlertTone; children: ReactNode; className?: string }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx('rounded-lg border px-4 py-3 text-sm', tones[tone], className)}>
      {children}
    </div>
  );
}
