/**
 * Pull against the real local stack (issue 3, test 8): keyset pages on
 * (updated_at, id) that survive many rows with one updated_at, a late commit
 * with an older updated_at caught by the overlap window, tombstones removing
 * cache rows, and a row with a pending outbox entry never overwritten.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertRow } from '../../src/data/repositories';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, doorId, drain, openTab, tenantFixture } from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());

describe('pull', () => {
  it('8. pages over equal updated_at, a late commit is still pulled, a tombstone removes the row', async () => {
    const f = await tenantFixture(t, 'security_admin', 3);
    const dev = device(t);
    const tab = await openTab(f, dev, { pageSize: 2, tables: ['campus', 'doors', 'door_log'] });
    await f.signIn(tab.client);
    tab.engine.start();
    await tab.engine.waitForLeadership();

    // Seven doors in one statement share one updated_at: only the id orders them.
    await f.project.engine.query(`insert into public.doors (door_number, campus_id) select 'S' || g, $1 from generate_series(1, 7) g`, [
      f.campusId,
    ]);
    const pagesBefore = dev.net.log.length;
    await tab.engine.pullNow();
    expect(await tab.db.cache('doors').count()).toBe(10);
    const doorPages = dev.net.log.slice(pagesBefore).filter((l) => l.path.includes('/rest/v1/doors'));
    expect(doorPages.length).toBe(6); // 10 rows in pages of 2, then the empty page
    const state = await tab.db.sync_state.get('doors');
    expect(state?.updated_at).toBeTruthy();

    // A row committed late: its updated_at is older than the watermark.
    const late = randomUUID();
    await f.project.engine.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(
        `insert into public.doors (id, door_number, campus_id, created_at, updated_at)
         values ($1, 'LATE', $2, $3::timestamptz - interval '5 seconds', $3::timestamptz - interval '5 seconds')`,
        [late, f.campusId, state?.updated_at],
      );
    });
    // Without an overlap window it would be skipped (the control)...
    const blind = await openTab(f, device(t), { tables: ['doors'], overlapMs: 0 });
    await blind.db.sync_state.put({
      ...(state ?? { table: 'doors', updated_at: null, id: null, refetch: [], last_pull_at: null, last_error: null }),
      table: 'doors',
    });
    await f.signIn(blind.client);
    blind.engine.start();
    await blind.engine.waitForLeadership();
    await blind.engine.pullNow();
    expect(await blind.db.cache('doors').get(late)).toBeUndefined();
    await blind.engine.stop();
    await blind.db.delete();
    // ...with it, it is pulled.
    await tab.engine.pullNow();
    expect((await tab.db.cache('doors').get(late))?.door_number).toBe('LATE');

    // A tombstone removes the cache row.
    const gone = doorId(f, 2);
    await f.project.engine.query(`update public.doors set deleted_at = now() where id = $1`, [gone]);
    await tab.engine.pullNow();
    expect(await tab.db.cache('doors').get(gone)).toBeUndefined();

    await closeTab(tab);
  });

  it('8d. pullTables brings only the tables named, as the admin dashboards ask every few seconds', async () => {
    const f = await tenantFixture(t, 'security_admin', 2);
    const dev = device(t);
    const tab = await openTab(f, dev, { tables: ['campus', 'doors', 'door_log'] });
    await f.signIn(tab.client);
    tab.engine.start();
    await tab.engine.waitForLeadership();
    await tab.engine.pullNow();
    const checksBefore = await tab.db.cache('door_log').count();

    // Another officer's check reaches the server, and an admin renames the campus.
    await f.project.engine.query(`insert into public.door_log (door_id, door_status) values ($1, 'operational')`, [doorId(f, 0)]);
    await f.project.engine.query(`update public.campus set campus_name = campus_name || ' (renamed)' where id = $1`, [f.campusId]);
    const requestsBefore = dev.net.log.length;
    await tab.engine.pullTables(['door_log', 'incidents']);

    expect(await tab.db.cache('door_log').count()).toBe(checksBefore + 1);
    // Only door_log was asked for: incidents is not synced by this tab, campus waits for the full cycle.
    const asked = dev.net.log.slice(requestsBefore).map((l) => l.path);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((p) => !p.includes('/rest/v1/door_log'))).toEqual([]);
    expect(String((await tab.db.cache('campus').get(f.campusId))?.campus_name)).not.toContain('(renamed)');

    await closeTab(tab);
  });

  it('8b. a pull never overwrites a row whose change is still queued', async () => {
    const f = await tenantFixture(t, 'security_admin', 2);
    const dev = device(t);
    const tab = await openTab(f, dev, { tables: ['doors'] });
    await f.signIn(tab.client);
    // Not started as leader with a push: pull directly through the engine's pull step.
    const { pullTable } = await import('../../src/data/pull');
    await pullTable({ db: tab.db, transport: tab.engine.transport }, 'doors');
    const mine = doorId(f, 0);
    await upsertRow(tab.db, 'doors', { id: mine, name: 'local name' });
    await f.project.engine.query(`update public.doors set name = 'server name' where id = $1`, [mine]);
    const r = await pullTable({ db: tab.db, transport: tab.engine.transport }, 'doors');
    expect(r.kind).toBe('ok');
    expect((await tab.db.cache('doors').get(mine))?.name).toBe('local name');
    // The other door changed on the server too and is updated.
    await f.project.engine.query(`update public.doors set name = 'fresh' where id = $1`, [doorId(f, 1)]);
    await pullTable({ db: tab.db, transport: tab.engine.transport }, 'doors');
    expect((await tab.db.cache('doors').get(doorId(f, 1)))?.name).toBe('fresh');
    expect((await tab.db.cache('doors').get(mine))?.name).toBe('local name');
    // Once sent, the next pull brings the server's row (the local change applied over it).
    await drain(tab);
    await tab.engine.pullNow();
    expect((await tab.db.cache('doors').get(mine))?.name).toBe('local name');
    const server = await f.project.engine.query<{ name: string }>(`select name from public.doors where id = $1`, [mine]);
    expect(server.rows[0]?.name).toBe('local name');
    await closeTab(tab);
  });

  it('8c. a pulled row with server-owned columns (generated, updated_at) can be changed and sent back', async () => {
    const f = await tenantFixture(t, 'security_admin', 1);
    const dev = device(t);
    const tab = await openTab(f, dev, { tables: ['conditions'] });
    await f.signIn(tab.client);
    const id = randomUUID();
    await f.project.engine.query(
      `insert into public.conditions (id, kind, campus_id, condition) values ($1, 'campus', $2, 'Locked at night')`,
      [id, f.campusId],
    );
    tab.engine.start();
    await tab.engine.waitForLeadership();
    await tab.engine.pullNow();
    const pulled = await tab.db.cache('conditions').get(id);
    expect(pulled?.default_condition).toBe('Locked at night');
    await upsertRow(tab.db, 'conditions', { id, condition: 'Locked always' });
    await drain(tab);
    expect(await tab.db.rejected.count()).toBe(0);
    const server = await f.project.engine.query<{ condition: string; default_condition: string }>(
      `select condition, default_condition from public.conditions where id = $1`,
      [id],
    );
    expect(server.rows[0]).toEqual({ condition: 'Locked always', default_condition: 'Locked always' });
    await closeTab(tab);
  });
  it('8e. rows written together stop coming back once a later pull has settled them, and newer rows still come', async () => {
    const f = await tenantFixture(t, 'security_admin', 3);
    const dev = device(t);
    const tab = await openTab(f, dev, { tables: ['doors'] });
    await f.signIn(tab.client);
    const { pullTable } = await import('../../src/data/pull');
    // The device clock as the pull reads it: only its differences matter.
    let clock = 1_000_000;
    const pull = () => pullTable({ db: tab.db, transport: tab.engine.transport, now: () => clock, overlapMs: 30_000 }, 'doors');
    // Forty doors in one statement share one updated_at, as an import's do.
    await f.project.engine.query(`insert into public.doors (door_number, campus_id) select 'B' || g, $1 from generate_series(1, 40) g`, [
      f.campusId,
    ]);
    const first = await pull();
    expect(first).toMatchObject({ kind: 'ok', applied: 43, received: 43 });

    // Within the overlap a late commit could still land before the watermark: the window is read again.
    clock += 10_000;
    const again = await pull();
    expect(again).toMatchObject({ kind: 'ok' });
    expect(again.kind === 'ok' ? again.received : 0).toBeGreaterThanOrEqual(40);
    // Sent again unchanged, they are not written again (no live query on the table wakes for them).
    expect(again).toMatchObject({ applied: 0 });
    expect((await tab.db.sync_state.get('doors'))?.settled ?? null).toBeNull();

    // A pull starting the overlap after the first one ended settles its watermark...
    clock += 25_000;
    await pull();
    const state = await tab.db.sync_state.get('doors');
    expect(state?.settled).toEqual({ updated_at: state?.updated_at, id: state?.id });
    // ...and from then on nothing already here is sent again.
    const before = dev.net.log.length;
    clock += 1_000;
    expect(await pull()).toMatchObject({ kind: 'ok', applied: 0, requests: 1 });
    const asked = dev.net.log.slice(before).filter((l) => l.path.includes('/rest/v1/doors'));
    expect(asked).toHaveLength(1);

    // A door written afterwards still arrives, alone.
    await f.project.engine.query(`update public.doors set name = 'after settling' where id = $1`, [doorId(f, 1)]);
    clock += 1_000;
    expect(await pull()).toMatchObject({ kind: 'ok', applied: 1 });
    expect((await tab.db.cache('doors').get(doorId(f, 1)))?.name).toBe('after settling');

    // Pulling from the start forgets the settled point with the watermark.
    const { resetWatermarks } = await import('../../src/data/pull');
    await resetWatermarks(tab.db, ['doors']);
    expect(await pull()).toMatchObject({ kind: 'ok', received: 43, applied: 0 });
    tab.db.close();
  });

  it('stop() ends a long first pull at its next page instead of waiting for the whole tenant (sign-out never hangs)', async () => {
    const f = await tenantFixture(t, 'security_admin', 3);
    await f.project.engine.query(`insert into public.doors (door_number, campus_id) select 'P' || g, $1 from generate_series(1, 40) g`, [
      f.campusId,
    ]);
    const dev = device(t);
    let stopped: Promise<void> | null = null;
    const tab = await openTab(f, dev, {
      pageSize: 2,
      tables: ['doors'],
      pullAfterPush: true,
      // The user taps Sign Out while the second page is being applied.
      checkpoint: (label) => {
        if (label === 'pull-page' && !stopped) stopped = tab.engine.stop();
      },
    });
    await f.signIn(tab.client);
    tab.engine.start();
    await tab.engine.waitForLeadership();
    const pulling = tab.engine.requestSync();
    await expect.poll(() => stopped !== null).toBe(true);
    await stopped;
    await pulling;
    const pages = dev.net.log.filter((l) => l.path.includes('/rest/v1/doors')).length;
    // 43 doors in pages of 2 would take 22 requests; stopping ends it after the first.
    expect(pages).toBe(1);
    expect(await tab.db.cache('doors').count()).toBe(2);
    // What was applied stays applied: the next sign-in resumes from the watermark.
    expect((await tab.db.sync_state.get('doors'))?.updated_at).toBeTruthy();
    tab.db.close();
  });
});
