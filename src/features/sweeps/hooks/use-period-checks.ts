/**
 * The door logs a compliance report reads. A campus's report names a few
 * hundred doors: their checks are read door by door on the
 * [door_id+created_at] index, a few thousand rows however large the cache.
 * A report over every campus reads the whole period on created_at (a
 * district's week can be tens of thousands of rows, the slow case).
 *
 * The rows come back tagged with what they were read for: useLiveQuery keeps
 * the last answer until the new read ends, and a report of the new period or
 * campus over the old rows (0 %) must never be shown, nor cost a render.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { CacheRow, TenantDb } from '../../../data';

/** Beyond this many doors one read of the period costs less than a read per door. */
const PER_DOOR_MAX = 1_000;

export function usePeriodChecks(
  db: TenantDb,
  period: { start: number; end: number } | null,
  doorIds: readonly string[] | null,
): CacheRow[] | undefined {
  const startIso = period ? new Date(period.start).toISOString() : null;
  const endIso = period ? new Date(period.end).toISOString() : null;
  const perDoor = doorIds !== null && doorIds.length <= PER_DOOR_MAX;
  const key = `${startIso ?? ''}|${endIso ?? ''}|${perDoor ? doorIds.join(',') : 'all'}`;
  const read = useLiveQuery(async () => {
    if (!startIso || !endIso) return { key, rows: [] as CacheRow[] };
    const logs = db.cache('door_log');
    if (!perDoor) return { key, rows: await logs.where('created_at').between(startIso, endIso, true, false).toArray() };
    const parts = await db.transaction('r', logs, () =>
      Promise.all(doorIds.map((id) => logs.where('[door_id+created_at]').between([id, startIso], [id, endIso], true, false).toArray())),
    );
    return { key, rows: parts.flat() };
  }, [db, key]);
  return read?.key === key ? read.rows : undefined;
}
