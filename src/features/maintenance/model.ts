/**
 * Work orders (issue 13 §2): the maintenance records a failing check opens
 * (or someone files), as the maintenance screen lists, filters and changes
 * them. Pure rules over cache rows, so the list, "my work" and the door
 * details agree on what is open, overdue and whose.
 */
import type { CacheRow } from '../../data';
import { compareDoorNumbers } from '../door-checks/index';

export const WORK_ORDER_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];
export const WORK_ORDER_PRIORITIES = ['high', 'medium', 'low'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];

/** The list's status filter: "active" is what still needs doing (open or in progress). */
export const STATUS_FILTERS = ['active', 'open', 'in_progress', 'resolved', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface WorkOrderFilters {
  campusId: string;
  doorId: string;
  priority: '' | WorkOrderPriority;
  status: StatusFilter;
  /** '' anyone, 'unassigned', or a user id. */
  assignee: string;
  overdueOnly: boolean;
}

export const DEFAULT_FILTERS: WorkOrderFilters = {
  campusId: '',
  doorId: '',
  priority: '',
  status: 'active',
  assignee: '',
  overdueOnly: false,
};

const FILTER_PARAMS = { campusId: 'campus', doorId: 'door', priority: 'priority', status: 'status', assignee: 'assignee' } as const;

/** Filters from the address (so a door's details can link to its work), anything unknown falling back to the default. */
export function filtersFromParams(params: URLSearchParams): WorkOrderFilters {
  const priority = params.get('priority') ?? '';
  const status = params.get('status') ?? '';
  return {
    campusId: params.get('campus') ?? '',
    doorId: params.get('door') ?? '',
    priority: (WORK_ORDER_PRIORITIES as readonly string[]).includes(priority) ? (priority as WorkOrderPriority) : '',
    status: (STATUS_FILTERS as readonly string[]).includes(status) ? (status as StatusFilter) : 'active',
    assignee: params.get('assignee') ?? '',
    overdueOnly: params.get('overdue') === '1',
  };
}

export function filtersToParams(f: WorkOrderFilters, keep?: URLSearchParams): URLSearchParams {
  const p = new URLSearchParams(keep);
  for (const [key, name] of Object.entries(FILTER_PARAMS) as Array<[keyof typeof FILTER_PARAMS, string]>) {
    const value = f[key];
    if (value && value !== DEFAULT_FILTERS[key]) p.set(name, value);
    else p.delete(name);
  }
  if (f.overdueOnly) p.set('overdue', '1');
  else p.delete('overdue');
  return p;
}

export { localDateIso } from '../../lib/local-date';

export function statusOf(row: CacheRow): WorkOrderStatus {
  const s = String(row.status ?? 'open');
  return (WORK_ORDER_STATUSES as readonly string[]).includes(s) ? (s as WorkOrderStatus) : 'open';
}

export function isActive(row: CacheRow): boolean {
  return statusOf(row) !== 'resolved';
}

function dueDate(row: CacheRow): string | null {
  return typeof row.due_date === 'string' && row.due_date ? row.due_date.slice(0, 10) : null;
}

/** Overdue: still to do after its due date (due today is not yet overdue). */
export function isOverdue(row: CacheRow, today: string): boolean {
  const due = dueDate(row);
  return isActive(row) && due !== null && due < today;
}

export interface WorkOrderContext {
  doors: ReadonlyMap<string, CacheRow>;
  campuses: ReadonlyMap<string, CacheRow>;
  users: ReadonlyMap<string, CacheRow>;
}

/** The door number as the record names it: its door's number, else the name written on the record. */
export function doorLabel(row: CacheRow, ctx: WorkOrderContext): string {
  const door = typeof row.door_id === 'string' ? ctx.doors.get(row.door_id) : undefined;
  if (door && typeof door.door_number === 'string') return door.door_number;
  return typeof row.door_name === 'string' && row.door_name ? row.door_name : 'No door';
}

export function campusOf(row: CacheRow, ctx: WorkOrderContext): CacheRow | undefined {
  const door = typeof row.door_id === 'string' ? ctx.doors.get(row.door_id) : undefined;
  return door && typeof door.campus_id === 'string' ? ctx.campuses.get(door.campus_id) : undefined;
}

export function campusLabel(row: CacheRow, ctx: WorkOrderContext): string | null {
  const c = campusOf(row, ctx);
  return c && typeof c.campus_name === 'string' ? c.campus_name : null;
}

/** A person as the screens name them: first and last name, else email. */
export function personName(user: CacheRow | undefined): string | null {
  if (!user) return null;
  const name = [user.first_name, user.last_name].filter((v) => typeof v === 'string' && v.trim()).join(' ');
  return name || (typeof user.email === 'string' ? user.email : null);
}

export function assigneeName(row: CacheRow, ctx: WorkOrderContext): string | null {
  if (typeof row.assigned_to !== 'string' || !row.assigned_to) return null;
  return personName(ctx.users.get(row.assigned_to)) ?? 'Unknown user';
}

const PRIORITY_RANK: Record<string, number> = { high: 0, medium: 1, low: 2 };

/**
 * Most urgent first: overdue, then by priority, then due soonest (no date
 * last), then oldest first; resolved ones after all of those, newest resolved first.
 */
export function compareWorkOrders(today: string, ctx: WorkOrderContext): (a: CacheRow, b: CacheRow) => number {
  return (a, b) => {
    const activeA = isActive(a);
    const activeB = isActive(b);
    if (activeA !== activeB) return activeA ? -1 : 1;
    if (!activeA) return String(b.resolved_at ?? b.updated_at ?? '').localeCompare(String(a.resolved_at ?? a.updated_at ?? ''));
    const overdue = Number(isOverdue(b, today)) - Number(isOverdue(a, today));
    if (overdue) return overdue;
    const rank = (PRIORITY_RANK[String(a.priority)] ?? 1) - (PRIORITY_RANK[String(b.priority)] ?? 1);
    if (rank) return rank;
    const dueA = dueDate(a) ?? '9999';
    const dueB = dueDate(b) ?? '9999';
    if (dueA !== dueB) return dueA < dueB ? -1 : 1;
    const created = String(a.created_at ?? '').localeCompare(String(b.created_at ?? ''));
    return created || compareDoorNumbers(doorLabel(a, ctx), doorLabel(b, ctx));
  };
}

function matchesStatus(row: CacheRow, status: StatusFilter): boolean {
  if (status === 'all') return true;
  if (status === 'active') return isActive(row);
  return statusOf(row) === status;
}

export function filterWorkOrders(rows: readonly CacheRow[], f: WorkOrderFilters, today: string, ctx: WorkOrderContext): CacheRow[] {
  return rows
    .filter((r) => {
      if (!matchesStatus(r, f.status)) return false;
      if (f.priority && r.priority !== f.priority) return false;
      if (f.doorId && r.door_id !== f.doorId) return false;
      if (f.campusId && campusOf(r, ctx)?.id !== f.campusId) return false;
      if (f.assignee === 'unassigned' && r.assigned_to) return false;
      if (f.assignee && f.assignee !== 'unassigned' && r.assigned_to !== f.assignee) return false;
      if (f.overdueOnly && !isOverdue(r, today)) return false;
      return true;
    })
    .sort(compareWorkOrders(today, ctx));
}

/** "My work": what is assigned to `userId`, still to do first, then what they resolved. */
export function myWork(rows: readonly CacheRow[], userId: string, today: string, ctx: WorkOrderContext): CacheRow[] {
  return rows.filter((r) => r.assigned_to === userId).sort(compareWorkOrders(today, ctx));
}

/** Who may change what (the server's rules, migration 20261124000200): admins everything, the assignee the status. */
export function workOrderRights(row: CacheRow, userId: string, isAdmin: boolean): { manage: boolean; work: boolean } {
  return { manage: isAdmin, work: isAdmin || row.assigned_to === userId };
}
