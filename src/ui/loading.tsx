import { cx } from './cx';

/** A spinner with visible text, announced politely to screen readers. */
export function Loading({
  label = 'Loading...',
  className,
  fullScreen = false,
}: {
  label?: string;
  className?: string;
  fullScreen?: boolean;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cx('flex items-center justify-center gap-3 p-6 text-slate-700', fullScreen && 'min-h-[60vh]', className)}
    >
      <span aria-hidden="true" className="size-6 animate-spin rounded-full border-4 border-blue-200 border-t-blue-700" />
      <span>{label}</span>
    </div>
  );
}
