/**
 * Work order priorities and statuses in words and colours, shared by the
 * tenant's maintenance screen and the staff door view so both say the same.
 */

export const PRIORITY_LABELS: Readonly<Record<string, string>> = { high: 'High', medium: 'Medium', low: 'Low' };

export function priorityTone(priority: string): string {
  if (priority === 'high') return 'bg-red-100 text-red-900';
  if (priority === 'medium') return 'bg-amber-100 text-amber-900';
  return 'bg-slate-100 text-slate-800';
}

/** A maintenance status in words: in_progress → In Progress, open → Open. */
export function maintenanceStatusLabel(status: string): string {
  return status
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}
