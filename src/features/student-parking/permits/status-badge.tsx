/** A permit's status as shown on the device's day, in words and colour (the words carry it; the colour only helps). */
import { cx } from '../../../ui/cx';
import type { PermitStatus } from '../parking-rules';
import { STATUS_LABELS } from './permit-model';

const TONES: Record<PermitStatus, string> = {
  active: 'border-green-300 bg-green-50 text-green-900',
  suspended: 'border-amber-300 bg-amber-50 text-amber-900',
  expired: 'border-slate-300 bg-slate-100 text-slate-800',
};

export function StatusBadge({ status }: { status: PermitStatus }) {
  return (
    <span className={cx('inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', TONES[status])}>
      {STATUS_LABELS[status]}
    </span>
  );
}
