/**
 * Owns the one read the missed-check alerts need beyond a window of recent
 * door logs: the latest check of doors that have none in that window, each
 * through the [door_id+created_at] index, so a screen never scans every log
 * to find the few doors nobody checked lately.
 */
import type { TenantDb } from './local-db';

/** How many of a door's newest entries are compared: times written as "Z" and "+00:00" may sort apart by a hair. */
const NEWEST = 3;

/** The latest check time (ms) of each door given that has one; doors never checked are left out. */
export async function listLatestChecksOf(db: TenantDb, doorIds: readonly string[]): Promise<Map<string, number>> {
  const latest = new Map<string, number>();
  if (doorIds.length === 0) return latest;
  const logs = db.cache('door_log');
  await db.transaction('r', logs, () =>
    Promise.all(
      doorIds.map(async (id) => {
        const rows = await logs.where('[door_id+created_at]').between([id, ''], [id, '\uffff']).reverse().limit(NEWEST).toArray();
        for (const r of rows) {
          const t = typeof r.created_at === 'string' ? Date.parse(r.created_at) : Number.NaN;
          if (!Number.isNaN(t) && !(t <= (latest.get(id) ?? Number.NEGATIVE_INFINITY))) latest.set(id, t);
        }
      }),
    ),
  );
  return latest;
}
