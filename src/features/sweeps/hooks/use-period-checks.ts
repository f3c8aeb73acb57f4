/**
 * The door logs a compliance report reads. A campus's report names a few
 * hundred doors: their checks are read door by door on the
 * [door_id+created_at] index, a few thousand rows however large the cache.
 * A report over every campus reads the whole period on created_at (a
 * district's week can be tens of thousands of rows, the slow case). A door
 * with no check in the period also gets its latest check before it, so the
 * report can say when it was last checked instead of "never".
 *
 * The rows come back tagged with what they were read for: useLiveQuery keeps
 * the last answer until the new read ends, and a report of the new period or
 * campus over the old rows (0 %) must never be shown, nor cost a render.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { CacheRow, TenantDb } from '../../../data';
import { timeKeyAtOrBefore } from '../time-keys';

/** Beyond this many doors one read of the period costs less than a read per door. */
const PER_DOOR_MAX = 1_000;

export function usePeriodChecks(
  db: TenantDb,
  period: { start: number; end: number } | null,
  doorIds: readonly string[] | null,
): CacheRow[] | undefined {
  // Bounds that hold every form a time takes in the cache ("…Z" from this device, "…+00:00" from the server):
  // a superset by up to a second at each end, which the report's own filter on parsed times trims.
  const from = period ? timeKeyAtOrBefore(period.start) : null;
  const to = period ? timeKeyAtOrBefore(period.end + 1000) : null;
  const perDoor = doorIds !== null && doorIds.length <= PER_DOOR_MAX;
  const key = `${from ?? ''}|${to ?? ''}|${perDoor ? doorIds.join(',') : `all:${doorIds?.length ?? 0}`}`;
  const read = useLiveQuery(async () => {
    if (!from || !to || !doorIds) return { key, rows: [] as CacheRow[] };
    const logs = db.cache('door_log');
    return db.transaction('r', logs, async () => {
      const rows = perDoor
        ? (
            await Promise.all(doorIds.map((id) => logs.where('[door_id+created_at]').between([id, from], [id, to], true, false).toArray()))
          ).flat()
        : await logs.where('created_at').between(from, to, true, false).toArray();
      const seen = new Set(rows.map((r) => r.door_id));
      const before = await Promise.all(
        doorIds
          .filter((id) => !seen.has(id))
          .map((id) => logs.where('[door_id+created_at]').between([id, ''], [id, from], true, false).last()),
      );
      for (const r of before) if (r) rows.push(r);
      return { key, rows };
    });
  }, [db, key]);
  return read?.key === key ? read.rows : undefined;
}
