/**
 * Campuses are deactivated, never deleted (the campus form's Status; there
 * is no delete). While a campus is inactive its doors leave the officer's
 * rounds and door list, the Door Status board, every door count and the
 * missed-check alerts; they come back when it is reactivated. Admins still
 * manage them in Doors Management.
 *
 * Only a campus known to be inactive takes its doors out: a door whose
 * campus is not on this device may belong to an active one, so it stays
 * (under "Unassigned doors"). The tenant database's tenant_summary() and
 * overdue_doors() apply the same rule (migration 20261124083000).
 */
/** A cached campus or door row (rows from the local store are loosely typed). */
type Row = Readonly<Record<string, unknown>>;

/** Ids of the campuses switched off (active is false; a missing flag means active, as the column's default). */
export function inactiveCampusIds(campuses: readonly Row[]): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const c of campuses) if (c.active === false && typeof c.id === 'string') ids.add(c.id);
  return ids;
}

export function onInactiveCampus(door: Row, inactive: ReadonlySet<string>): boolean {
  return typeof door.campus_id === 'string' && inactive.has(door.campus_id);
}

/** The campuses a sweep or a report can be chosen for (active, not removed), by name: one list for every picker. */
export function activeCampusesByName<T extends Row>(campuses: readonly T[]): T[] {
  return campuses
    .filter((c) => c.active !== false && !c.deleted_at)
    .sort((a, b) => String(a.campus_name).localeCompare(String(b.campus_name)));
}
