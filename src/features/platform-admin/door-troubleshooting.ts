/**
 * The rules of the staff door-troubleshooting view (spec §2 /door-management,
 * §9 Due This Week): the summary figures, the search and status filter, and
 * the words and colours each door status and maintenance priority shows.
 */
import type { StaffDoor, StaffMaintenance } from '../../data';

export const DOOR_STATUS_FILTERS = ['all', 'operational', 'maintenance', 'out_of_service'] as const;
export type DoorStatusFilter = (typeof DOOR_STATUS_FILTERS)[number];

export const DOOR_STATUS_LABELS: Readonly<Record<string, string>> = {
  all: 'All statuses',
  operational: 'Operational',
  maintenance: 'Maintenance',
  out_of_service: 'Out of Service',
};

/** Badge colours (text on a light ground, AA contrast): operational green, maintenance yellow, out of service red, else grey. */
export function doorStatusTone(status: string): string {
  switch (status) {
    case 'operational':
      return 'bg-green-100 text-green-900';
    case 'maintenance':
      return 'bg-amber-100 text-amber-900';
    case 'out_of_service':
      return 'bg-red-100 text-red-900';
    default:
      return 'bg-slate-100 text-slate-800';
  }
}

export function doorStatusLabel(status: string): string {
  return DOOR_STATUS_LABELS[status] ?? status.replace(/_/g, ' ');
}

export { PRIORITY_LABELS, priorityTone, maintenanceStatusLabel } from '../../lib/work-order-labels';

/** A door's name as the staff view shows it: its name, else its door number. */
export function doorTitle(door: Pick<StaffDoor, 'name' | 'door_number'>): string {
  return door.name?.trim() || door.door_number;
}

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;

/** When a door is next due: its last check plus the interval; a door never checked is due now. */
export function nextCheckAt(door: Pick<StaffDoor, 'last_check_at'>, intervalHours: number, now: number): number {
  const last = door.last_check_at ? Date.parse(door.last_check_at) : Number.NaN;
  return Number.isNaN(last) ? now : last + intervalHours * HOUR_MS;
}

/** Spec §9: Due This Week means the next check falls within 7 days (overdue doors included). */
export function isDueThisWeek(door: Pick<StaffDoor, 'last_check_at'>, intervalHours: number, now: number): boolean {
  return nextCheckAt(door, intervalHours, now) <= now + WEEK_MS;
}

export interface DoorSummary {
  operational: number;
  maintenance: number;
  outOfService: number;
  dueThisWeek: number;
}

export function summarizeDoors(doors: readonly StaffDoor[], intervalHours: number, now: number): DoorSummary {
  const summary: DoorSummary = { operational: 0, maintenance: 0, outOfService: 0, dueThisWeek: 0 };
  for (const d of doors) {
    if (d.status === 'operational') summary.operational += 1;
    else if (d.status === 'maintenance') summary.maintenance += 1;
    else if (d.status === 'out_of_service') summary.outOfService += 1;
    if (isDueThisWeek(d, intervalHours, now)) summary.dueThisWeek += 1;
  }
  return summary;
}

/** Search by name (or door number) or location, case-insensitively, then the status filter. */
export function filterDoors(doors: readonly StaffDoor[], search: string, status: DoorStatusFilter): StaffDoor[] {
  const q = search.trim().toLowerCase();
  return doors.filter((d) => {
    if (status !== 'all' && d.status !== status) return false;
    if (!q) return true;
    return [d.name, d.door_number, d.location, d.campus_name].some((v) => !!v && v.toLowerCase().includes(q));
  });
}

/** The open maintenance of one door (the Door Details modal). */
export function maintenanceOfDoor(maintenance: readonly StaffMaintenance[], doorId: string): StaffMaintenance[] {
  return maintenance.filter((m) => m.door_id === doorId);
}

export function isDoorStatusFilter(value: string): value is DoorStatusFilter {
  return (DOOR_STATUS_FILTERS as readonly string[]).includes(value);
}
