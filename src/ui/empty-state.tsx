import type { ReactNode } from 'react';
import { cx } from './cx';

/** What a list or screen shows when it has nothing yet, with an optional action. */
export function EmptyState({
  title,
  children,
  action,
  className,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx('rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center', className)}>
      <p className="text-base font-semibold text-slate-900">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-700">{children}</div>}
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  );
}
