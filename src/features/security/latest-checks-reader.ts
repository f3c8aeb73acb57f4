/**
 * Reads each door's latest check from the door logs of the freshness window
 * (an older check leaves a door Needs Check whatever it said), in chunks of
 * the created_at index with a yield to the main thread between them: 10,000
 * logs read in one piece are one long task on a phone, and 2,000 were still
 * 30-45 ms tasks traced at 4x. 1,000 were still 30-76 ms on a slower
 * machine (Long Animation Frames: the request's success callback, where the
 * rows become objects), so 500; the next chunk is asked for before one is
 * read through, so more chunks add little wait.
 */
import type { TenantDb } from '../../data';
import { noteCheck, type LatestCheck, type LatestChecks } from './live-board';

const CHUNK = 500;

type Scheduler = { yield?: () => Promise<void> };

/** Lets input and rendering run between chunks (scheduler.yield where the browser has it). */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((done) => setTimeout(done, 0));
}

/**
 * Each door's newest log at or after `fromIso` (created_at order), or null
 * when `stopped()` turned true on the way. Pages on created_at itself: the
 * next chunk starts at the last key read, skipping the rows of that key
 * already seen, so equal times never lose or repeat a row. The next chunk is
 * asked for as soon as a chunk arrives, before it is read through, so the
 * store's round trip overlaps the main thread's work and its yield.
 */
export async function readLatestChecks(db: TenantDb, fromIso: string, stopped: () => boolean): Promise<Map<string, LatestCheck> | null> {
  const logs = db.cache('door_log');
  const chunk = (lower: string, count: number) => logs.where('created_at').between(lower, '\uffff', true, false).limit(count).toArray();
  const latest = new Map<string, LatestCheck>();
  let lower = fromIso;
  let seenAtLower = new Set<string>();
  let want = CHUNK;
  let pending = chunk(lower, want);
  for (;;) {
    const rows = await pending;
    if (stopped()) return null;
    const more = rows.length >= want;
    let seenAtNext = seenAtLower;
    if (more) {
      const top = String(rows[rows.length - 1]?.created_at ?? '');
      seenAtNext = top === lower ? new Set(seenAtLower) : new Set<string>();
      for (const row of rows) if (row.created_at === top) seenAtNext.add(String(row.id));
      want = CHUNK + seenAtNext.size;
      lower = top;
      pending = chunk(lower, want);
      // Stopped on the way, the chunk in flight is left to settle: its failure is nobody's to report.
      pending.catch(() => undefined);
    }
    for (const row of rows) if (!seenAtLower.has(String(row.id))) noteCheck(latest, row);
    if (!more) return latest;
    seenAtLower = seenAtNext;
    await yieldToMain();
    if (stopped()) return null;
  }
}

/**
 * `latest` with the `count` newest logs (by created_at) noted: a check just
 * recorded shows at once, before the window is read again for any pulled
 * check of an older time. The same map when none is a door's newer check.
 */
export async function noteNewestLogs(db: TenantDb, latest: LatestChecks, count: number): Promise<LatestChecks> {
  const rows = await db.cache('door_log').orderBy('created_at').reverse().limit(count).toArray();
  let next: Map<string, LatestCheck> | null = null;
  for (const row of rows) {
    const door = row.door_id;
    if (typeof door !== 'string') continue;
    const before = (next ?? latest).get(door);
    const probe = new Map<string, LatestCheck>(before ? [[door, before]] : []);
    noteCheck(probe, row);
    const after = probe.get(door);
    if (after && after !== before) (next ??= new Map(latest)).set(door, after);
  }
  return next ?? latest;
}
