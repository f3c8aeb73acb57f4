/**
 * Push against the real local stack (issue 3, tests 1 to 5): no loss when
 * the engine is abandoned at any await point, idempotent replays after lost
 * responses (also for a role that may create rows but not change them, and
 * with an edit queued behind the create), ceil(N/500) requests, cross-table
 * order, and a poison entry isolated into `rejected` while the rest goes on.
 */
// Before anything that loads Dexie: it looks for IndexedDB once, when first imported.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushOutbox } from '../../src/data/push';
import { insertRow, recordDoorCheck, softDeleteRow, upsertRow } from '../../src/data/repositories';
import { createSyncTransport } from '../../src/data/sync-transport';
import { listRejected, retryRejected, discardRejected } from '../../src/data/rejected-entries';
import { startTestStack, type TestStack } from '../support/stack';
import {
  closeTab,
  doorId,
  drain,
  openTab,
  restWrites,
  signedInDevice as signedInDeviceOf,
  tenantFixture,
  type Device,
  type TenantFixture,
  type Tab,
} from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());

const signedInDevice = (f: TenantFixture): Promise<Device> => signedInDeviceOf(t, f);

/** Writes a mix of door creations and checks; returns the ids per table. */
async function writeMix(tab: Tab, f: TenantFixture, kinds: readonly ('door' | 'check')[]): Promise<{ doors: string[]; checks: string[] }> {
  const doors: string[] = [];
  const checks: string[] = [];
  for (const k of kinds) {
    if (k === 'door') {
      const d = await upsertRow(tab.db, 'doors', { door_number: `N-${randomUUID()}`, campus_id: f.campusId });
      doors.push(d.id);
    } else {
      // A check goes to the newest door written so far when there is one (order matters then).
      const target = doors.at(-1) ?? doorId(f);
      const c = await recordDoorCheck(tab.db, { door_id: target, door_status: 'operational' });
      checks.push(c.id);
    }
  }
  return { doors, checks };
}

async function expectExactlyOnce(f: TenantFixture, table: string, ids: readonly string[]): Promise<void> {
  const server = await f.serverIds(table);
  for (const id of ids) expect(server.get(id), `${table} ${id}`).toBe(1);
}

describe('push', () => {
  it('1. no loss: the engine abandoned at any await point, then restarted, leaves every record on the server exactly once', async () => {
    const f = await tenantFixture(t);
    const dev = await signedInDevice(f);
    let runs = 0;
    const killedAt = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<'door' | 'check'>('door', 'check', 'check'), { minLength: 1, maxLength: 14 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 4 }),
        async (kinds, killAt, batchRows) => {
          runs++;
          let seen = 0;
          let first: Tab | null = null;
          first = await openTab(f, dev, {
            batchRows,
            checkpoint: (label) => {
              seen++;
              if (seen === killAt) {
                killedAt.add(label);
                first?.engine.kill();
              }
            },
          });
          const { doors, checks } = await writeMix(first, f, kinds);
          first.engine.start();
          await first.engine.waitForLeadership();
          await first.engine.requestSync();
          first.engine.kill();
          first.db.close();

          const second = await openTab(f, dev, { batchRows });
          await drain(second);
          await expectExactlyOnce(f, 'doors', doors);
          await expectExactlyOnce(f, 'door_log', checks);
          expect(await second.db.outbox.count()).toBe(0);
          expect(await second.db.rejected.count()).toBe(0);
          await closeTab(second);
        },
      ),
      {
        numRuns: 49, // 9 examples + 40 random draws
        // The first nine checkpoints of one small push (before-read, after-read,
        // three sends, three acks), killed one by one, so every
        // kind of await point is hit whatever the random draws are.
        examples: [1, 2, 3, 4, 5, 6, 7, 8, 9].map(
          (killAt) => [['door', 'check', 'check'] as ('door' | 'check')[], killAt, 1] as [('door' | 'check')[], number, number],
        ),
      },
    );
    expect(runs).toBe(49);
    // The kills landed on every kind of await point: reading, sending (server
    // committed, response not yet handled) and acknowledging.
    expect([...killedAt].sort()).toEqual(expect.arrayContaining(['after-ack', 'after-read', 'after-send', 'before-read', 'before-send']));
  });

  it('2. idempotency: responses lost after the server committed, replayed several times, leave one row per record', async () => {
    const f = await tenantFixture(t);
    const dev = await signedInDevice(f);
    const tab = await openTab(f, dev);
    const { doors, checks } = await writeMix(tab, f, ['door', ...Array<'check'>(49).fill('check')]);
    const gone = await upsertRow(tab.db, 'doors', { door_number: `G-${randomUUID()}`, campus_id: f.campusId });
    await softDeleteRow(tab.db, 'doors', gone.id);
    dev.net.queue.push(
      ...Array<'drop-after-commit'>(3).fill('drop-after-commit'),
      'ok',
      'drop-after-commit',
      'drop-after-commit',
      'ok',
      'drop-after-commit',
      'ok',
      'drop-after-commit',
    );
    await drain(tab);
    await expectExactlyOnce(f, 'doors', [...doors, gone.id]);
    await expectExactlyOnce(f, 'door_log', checks);
    const server = await f.project.engine.query<{ n: string | number }>(
      `select count(*) as n from public.door_log where id = any($1::uuid[])`,
      [checks],
    );
    expect(Number(server.rows[0]?.n)).toBe(checks.length);
    const deleted = await f.project.engine.query<{ deleted_at: string | null }>(`select deleted_at from public.doors where id = $1`, [
      gone.id,
    ]);
    expect(deleted.rows[0]?.deleted_at).not.toBeNull();
    // Requests: doors x4 (3 lost), door_log x3 (2 lost), doors x2 (1 lost), the delete x2 (1 lost).
    expect(restWrites(dev.net.log, 'door_log').length).toBe(3);
    expect(restWrites(dev.net.log).length).toBe(11);
    await closeTab(tab);
  });

  it('2b. idempotency for a role that may create but not change rows: replays of lost creates are no-ops, nothing rejected', async () => {
    // office_staff may create maintenance records and incidents but not change
    // them (an incident only while it is still `reported`): an upsert replay
    // would be checked against the update policy and refused with 42501.
    const f = await tenantFixture(t, 'office_staff');
    const dev = await signedInDevice(f);
    let incidentId = '';
    let moved = false;
    const tab = await openTab(f, dev, {
      // Once the incident's first send is lost, an admin takes it over on the server before the replay.
      checkpoint: async (label) => {
        const last = dev.net.log.at(-1);
        if (label !== 'after-send' || moved || !last?.path.includes('/rest/v1/incidents') || last.status !== 'network') return;
        moved = true;
        await f.project.engine.query(`update public.incidents set status = 'investigating' where id = $1`, [incidentId]);
      },
    });
    const records = [
      (await upsertRow(tab.db, 'maintenance_records', { door_id: doorId(f, 0), description: 'Hinge squeaks' })).id,
      (await insertRow(tab.db, 'maintenance_records', { door_id: doorId(f, 1), description: 'Closer leaks', priority: 'high' })).id,
    ];
    incidentId = (
      await insertRow(tab.db, 'incidents', { title: 'Door propped open', description: 'Back door wedged', reported_by: f.user.id })
    ).id;
    expect((await tab.db.outbox.toArray()).map((e) => e.op)).toEqual(['insert', 'insert', 'insert']);
    dev.net.queue.push('drop-after-commit', 'drop-after-commit', 'drop-after-commit', 'ok', 'drop-after-commit', 'drop-after-commit');
    await drain(tab);
    expect(await listRejected(tab.db)).toEqual([]);
    expect(moved).toBe(true);
    await expectExactlyOnce(f, 'maintenance_records', records);
    await expectExactlyOnce(f, 'incidents', [incidentId]);
    // The replays changed nothing: the admin's status stands.
    const incident = await f.project.engine.query<{ status: string }>(`select status from public.incidents where id = $1`, [incidentId]);
    expect(incident.rows[0]?.status).toBe('investigating');
    // Requests: maintenance_records x4 (3 lost, both records in each), incidents x3 (2 lost).
    expect(restWrites(dev.net.log, 'maintenance_records').length).toBe(4);
    expect(restWrites(dev.net.log, 'incidents').length).toBe(3);
    await closeTab(tab);
  });

  it('2c. an edit queued behind a create whose response was lost still reaches the server', async () => {
    const f = await tenantFixture(t);
    const dev = await signedInDevice(f);
    const tab = await openTab(f, dev);
    const door = await upsertRow(tab.db, 'doors', { door_number: `E-${randomUUID()}`, campus_id: f.campusId });
    await upsertRow(tab.db, 'doors', { id: door.id, name: 'renamed offline' });
    await upsertRow(tab.db, 'doors', { id: door.id, camera: 'north' });
    // One entry per write, never merged: the create is replayed as a no-op, the edits are sent after it.
    expect((await tab.db.outbox.toArray()).map((e) => e.op)).toEqual(['insert', 'upsert', 'upsert']);
    dev.net.queue.push('drop-after-commit', 'drop-after-commit', 'ok', 'drop-after-commit', 'ok');
    await drain(tab);
    expect(await tab.db.rejected.count()).toBe(0);
    await expectExactlyOnce(f, 'doors', [door.id]);
    const row = await f.project.engine.query<{ name: string; camera: string }>(`select name, camera from public.doors where id = $1`, [
      door.id,
    ]);
    expect(row.rows[0]).toEqual({ name: 'renamed offline', camera: 'north' });
    await closeTab(tab);
  });

  it('3. batching: N queued door logs go out in ceil(N/500) requests', async () => {
    const f = await tenantFixture(t);
    const dev = await signedInDevice(f);
    for (const n of [1, 500, 501, 1234]) {
      const tab = await openTab(f, dev);
      const before = dev.net.log.length;
      const ids: string[] = [];
      for (let i = 0; i < n; i++) ids.push((await recordDoorCheck(tab.db, { door_id: doorId(f, i % 3), door_status: 'operational' })).id);
      await drain(tab);
      expect(restWrites(dev.net.log.slice(before), 'door_log').length).toBe(Math.ceil(n / 500));
      await expectExactlyOnce(f, 'door_log', ids);
      await closeTab(tab);
    }
  });

  it('3b. checks recorded while a full read window is being sent go out in the same push, after it', async () => {
    const f = await tenantFixture(t);
    const dev = await signedInDevice(f);
    const tab = await openTab(f, dev);
    const ids: string[] = [];
    // 2,000 entries: exactly one window (4 requests' worth), so the window read ahead comes back empty.
    for (let i = 0; i < 2000; i++) ids.push((await recordDoorCheck(tab.db, { door_id: doorId(f, i % 3), door_status: 'operational' })).id);
    const later: string[] = [];
    const before = dev.net.log.length;
    const outcome = await pushOutbox({
      db: tab.db,
      transport: createSyncTransport(tab.db, tab.session, dev.net.fetch),
      checkpoint: async (label) => {
        if (label !== 'after-send' || later.length > 0) return;
        for (let i = 0; i < 3; i++) later.push((await recordDoorCheck(tab.db, { door_id: doorId(f), door_status: 'operational' })).id);
      },
    });
    expect(outcome).toMatchObject({ kind: 'drained', sent: 2003, rejected: 0 });
    expect(await tab.db.outbox.count()).toBe(0);
    expect(restWrites(dev.net.log.slice(before), 'door_log').length).toBe(5);
    await expectExactlyOnce(f, 'door_log', [...ids, ...later]);
    await closeTab(tab);
  });

  it('4. ordering: a door created then checked offline reaches the server in that order', async () => {
    const f = await tenantFixture(t);
    const dev = await signedInDevice(f);
    const tab = await openTab(f, dev);
    dev.net.offline = true;
    const a = await upsertRow(tab.db, 'doors', { door_number: 'A-100', campus_id: f.campusId });
    const checkA = await recordDoorCheck(tab.db, { door_id: a.id, door_status: 'operational' });
    const b = await upsertRow(tab.db, 'doors', { door_number: 'B-200', campus_id: f.campusId });
    const checkB = await recordDoorCheck(tab.db, { door_id: b.id, door_status: 'maintenance', door_problem: 'hinge' });
    // Different columns than checkB: inserts take defaults for absent columns, so they still share a request.
    const checkA2 = await recordDoorCheck(tab.db, { door_id: a.id, door_status: 'operational', notes: 'second round' });
    tab.engine.start();
    await tab.engine.waitForLeadership();
    await tab.engine.requestSync();
    expect(await tab.db.outbox.count()).toBe(5);
    dev.net.offline = false;
    const before = dev.net.log.length;
    await drain(tab);
    const order = restWrites(dev.net.log.slice(before)).map((l) => l.path.split('/rest/v1/')[1]?.split('?')[0]);
    expect(order).toEqual(['doors', 'door_log', 'doors', 'door_log']);
    expect(await tab.db.rejected.count()).toBe(0);
    await expectExactlyOnce(f, 'door_log', [checkA.id, checkB.id, checkA2.id]);
    const times = await f.project.engine.query<{ door: string; check: string }>(
      `select d.created_at::text as door, l.received_at::text as check from public.doors d join public.door_log l on l.door_id = d.id where l.id = $1`,
      [checkA.id],
    );
    const row = times.rows[0];
    expect(row && Date.parse(row.door) <= Date.parse(row.check)).toBe(true);
    await closeTab(tab);
  });

  it('5. poison entry: 1 bad among 100 is isolated in rejected with the server message; 99 applied; retry after a fix succeeds', async () => {
    const f = await tenantFixture(t);
    const dev = await signedInDevice(f);
    const tab = await openTab(f, dev);
    const missingDoor = randomUUID();
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) {
      const door = i === 37 ? missingDoor : doorId(f, i % 3);
      ids.push((await recordDoorCheck(tab.db, { door_id: door, door_status: 'operational' })).id);
    }
    await drain(tab);
    const server = await f.serverIds('door_log');
    expect(ids.filter((id) => server.get(id) === 1).length).toBe(99);
    const rejected = await listRejected(tab.db);
    expect(rejected.length).toBe(1);
    expect(rejected[0]?.row_id).toBe(ids[37]);
    expect(rejected[0]?.error.code).toBe('23503');
    expect(rejected[0]?.error.status).toBe(409);
    expect(rejected[0]?.error.message).toMatch(/foreign key/i);
    // Isolation by halving: about 2*log2(100) requests, not 100.
    expect(restWrites(dev.net.log, 'door_log').length).toBeLessThanOrEqual(16);

    // The fix: the door now exists on the server; retry sends the kept entry.
    await f.project.engine.query(`insert into public.doors (id, door_number, campus_id) values ($1, 'LATE', $2)`, [
      missingDoor,
      f.campusId,
    ]);
    const id = rejected[0]?.id;
    if (id === undefined) throw new Error('rejected entry without id');
    await retryRejected(tab.db, id);
    await drain(tab);
    await expectExactlyOnce(f, 'door_log', ids);
    expect(await tab.db.rejected.count()).toBe(0);

    // A check-constraint violation (23514) is rejected too; discarding it drops the local row on the next pull.
    const bad = await recordDoorCheck(tab.db, { door_id: doorId(f), door_status: 'bogus' });
    await drain(tab);
    const [r] = await listRejected(tab.db);
    expect(r?.error.code).toBe('23514');
    if (r?.id === undefined) throw new Error('missing rejected entry');
    await discardRejected(tab.db, r.id);
    await tab.engine.pullNow();
    expect(await tab.db.cache('door_log').get(bad.id)).toBeUndefined();
    await closeTab(tab);
  });
});
