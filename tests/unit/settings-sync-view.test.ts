/**
 * The settings' sync view read with as few reads as decide it
 * (src/features/security/settings-sync-view.ts), on a real IndexedDB store
 * (fake-indexeddb) with Dexie's own live queries: the same answer as
 * reading every table's pull state, and, once the settings were pulled, a
 * live query that other tables' pull states no longer wake.
 */
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PullState, TenantDb } from '../../src/data';
import { emptySyncState } from '../../src/data/pull';
import { openTenantDb } from '../../src/data/local-db';
import type { SyncedTable } from '../../src/data/sync-tables';
import { SETTINGS_TABLE, settingsSyncView } from '../../src/features/security/check-interval-readiness';
import { readSettingsSyncView, sameSettingsSyncView } from '../../src/features/security/settings-sync-view';

const AT = '2026-11-22T10:00:00.000Z';
const refusal = (code: string, message: string, status: number) => ({ code, message, details: null, hint: null, status });
const missingError = refusal('PGRST205', "Could not find the table 'public.tenant_settings' in the schema cache", 404);
const state = (table: SyncedTable, extra: Partial<PullState> = {}): PullState => ({ ...emptySyncState(table), ...extra });

let db: TenantDb;
let n = 0;
beforeEach(async () => {
  db = await openTenantDb({ slug: `settings-view-${++n}`, url: 'http://x.invalid/t/settings-view', anonKey: 'x', userId: 'u1' });
});
afterEach(() => db.close());

describe('readSettingsSyncView', () => {
  const cases: [string, PullState[]][] = [
    ['a fresh device', []],
    ['only the settings row, never pulled', [state(SETTINGS_TABLE)]],
    ['another table pulled, the settings not yet', [state('campus', { last_pull_at: AT }), state(SETTINGS_TABLE)]],
    [
      'the settings refused, another table pulled',
      [state('campus', { last_pull_at: AT }), state(SETTINGS_TABLE, { last_error: refusal('42501', 'permission denied', 403) })],
    ],
    ['the settings missing on the server', [state(SETTINGS_TABLE, { last_error: missingError, missing_on_server_at: AT })]],
    ['the settings pulled', [state('doors'), state(SETTINGS_TABLE, { last_pull_at: AT })]],
    ['the settings pulled, then refused', [state(SETTINGS_TABLE, { last_pull_at: AT, last_error: refusal('', 'down', 0) })]],
  ];
  it.each(cases)('%s: the same view as every row read', async (_, rows) => {
    await db.sync_state.bulkPut(rows);
    expect(await readSettingsSyncView(db)).toEqual(settingsSyncView(rows));
  });
});

describe('sameSettingsSyncView', () => {
  it('tells every field apart', () => {
    const base = settingsSyncView([]);
    expect(sameSettingsSyncView(base, { ...base })).toBe(true);
    for (const change of [{ pulled: true }, { missingOnServer: true }, { refusedMessage: 'x' }, { reachedServer: true }])
      expect(sameSettingsSyncView(base, { ...base, ...change })).toBe(false);
  });
});

/** Runs readSettingsSyncView as a live query; `runs` counts how often Dexie ran it. */
function watch() {
  const seen = { runs: 0, views: [] as ReturnType<typeof settingsSyncView>[] };
  const sub = liveQuery(() => {
    seen.runs++;
    return readSettingsSyncView(db);
  }).subscribe({ next: (v) => seen.views.push(v) });
  return { seen, stop: () => sub.unsubscribe() };
}

/** Waits until a live query of that table's pull state has seen `at`: every live query woken by the write has run by then. */
async function untilSeen(table: SyncedTable, at: string): Promise<void> {
  await new Promise<void>((resolve) => {
    const sub = liveQuery(() => db.sync_state.get(table)).subscribe({
      next: (s) => {
        if (s?.last_pull_at === at) {
          queueMicrotask(() => sub.unsubscribe());
          resolve();
        }
      },
    });
  });
}

async function untilViews(seen: { views: unknown[] }, count: number): Promise<void> {
  while (seen.views.length < count) await new Promise((r) => setTimeout(r, 1));
}

describe('as a live query', () => {
  it('once the settings were pulled, other tables’ pulls do not run it again', async () => {
    await db.sync_state.bulkPut([state('doors', { last_pull_at: AT }), state(SETTINGS_TABLE, { last_pull_at: AT })]);
    const { seen, stop } = watch();
    await untilViews(seen, 1);
    const runs = seen.runs;
    for (const at of ['2026-11-22T10:00:03.000Z', '2026-11-22T10:00:06.000Z']) {
      await db.sync_state.put(state('doors', { last_pull_at: at }));
      await untilSeen('doors', at);
    }
    // A few more tasks, in case a re-run woken by those writes were started later than the watcher's.
    for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
    expect(seen.runs).toBe(runs);
    // Its own row still wakes it.
    await db.sync_state.put(state(SETTINGS_TABLE, { last_pull_at: AT, missing_on_server_at: AT }));
    await untilViews(seen, 2);
    expect(seen.views.at(-1)?.missingOnServer).toBe(true);
    stop();
  });

  it('before the settings came, another table’s first pull does wake it, and says the server was reached', async () => {
    await db.sync_state.put(state(SETTINGS_TABLE));
    const { seen, stop } = watch();
    await untilViews(seen, 1);
    expect(seen.views[0]?.reachedServer).toBe(false);
    await db.sync_state.put(state('doors', { last_pull_at: AT }));
    await untilViews(seen, 2);
    expect(seen.views[1]).toMatchObject({ pulled: false, reachedServer: true });
    stop();
  });
});
