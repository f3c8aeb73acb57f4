/** Priority, status and overdue said in words as well as colour. */
import type { CacheRow } from '../../../data';
import { cx } from '../../../ui/cx';
import { maintenanceStatusLabel, PRIORITY_LABELS, priorityTone } from '../../../lib/work-order-labels';
import { isOverdue, statusOf } from '../model';

const STATUS_TONE: Record<string, string> = {
  open: 'bg-blue-100 text-blue-900',
  in_progress: 'bg-violet-100 text-violet-900',
  resolved: 'bg-green-100 text-green-900',
};

const pill = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold';

export function WorkOrderBadges({ row, today }: { row: CacheRow; today: string }) {
  const priority = String(row.priority ?? 'medium');
  const status = statusOf(row);
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className={cx(pill, priorityTone(priority))}>{PRIORITY_LABELS[priority] ?? priority} priority</span>
      <span className={cx(pill, STATUS_TONE[status])}>{maintenanceStatusLabel(status)}</span>
      {isOverdue(row, today) && <span className={cx(pill, 'bg-red-700 text-white')}>Overdue</span>}
    </span>
  );
}
