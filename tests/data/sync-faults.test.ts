/**
 * Randomized fault schedules (issue 3, test 10): network cuts, responses
 * lost after the server committed, 503s, 429s, slow responses and restarts
 * (the engine abandoned and a new one started) across door creations,
 * checks, upserts and soft deletes. At the end: nothing lost, nothing
 * duplicated, the outbox empty, nothing rejected.
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDoorCheck, softDeleteRow, upsertRow } from '../../src/data/repositories';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, doorId, drain, openTab, tenantFixture, type Fault, type Tab } from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());

const fault = fc.constantFrom<Fault>('ok', 'ok', 'network', 'drop-after-commit', '503', '429', 'slow');
type Op = 'door' | 'check' | 'rename' | 'delete';

describe('fault schedules', () => {
  it('10. nothing lost, nothing duplicated, queue empty at the end', async () => {
    const f = await tenantFixture(t);
    const dev = device(t);
    const first = await openTab(f, dev);
    await f.signIn(first.client);
    await closeTab(first);

    let faultsSeen = 0;
    let restartsSeen = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Op>('door', 'check', 'check', 'check', 'rename', 'delete'), { minLength: 1, maxLength: 30 }),
        fc.array(fault, { maxLength: 25 }),
        fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 3 }),
        fc.integer({ min: 1, max: 6 }),
        async (ops, faults, restartsAt, batchRows) => {
          let tab: Tab = await openTab(f, dev, { batchRows });
          const doors: string[] = [];
          const deleted = new Set<string>();
          const checks: string[] = [];
          for (const op of ops) {
            const live = doors.filter((d) => !deleted.has(d));
            if (op === 'door' || (op !== 'check' && !live.length)) {
              doors.push((await upsertRow(tab.db, 'doors', { door_number: `F-${randomUUID()}`, campus_id: f.campusId })).id);
            } else if (op === 'check') {
              checks.push((await recordDoorCheck(tab.db, { door_id: live.at(-1) ?? doorId(f), door_status: 'operational' })).id);
            } else if (op === 'rename') {
              await upsertRow(tab.db, 'doors', { id: live[0], name: `renamed ${checks.length}` });
            } else if (live[0]) {
              await softDeleteRow(tab.db, 'doors', live[0]);
              deleted.add(live[0]);
            }
          }
          dev.net.queue.splice(0, dev.net.queue.length, ...faults);
          let step = 0;
          const restarts = new Set(restartsAt);
          const killed = new Set<Tab>();
          let injected = 0;
          // A new "page load": its engine is abandoned when the shared step
          // counter (every await point of every push so far) hits a restart.
          const reopen = async (): Promise<Tab> => {
            const next: Tab = await openTab(f, dev, {
              batchRows,
              checkpoint: () => {
                step++;
                if (restarts.has(step)) {
                  killed.add(next);
                  next.engine.kill();
                }
              },
            });
            return next;
          };
          tab.db.close();
          tab = await reopen();
          // Run until the queue is empty, reopening whenever the engine was
          // abandoned (also by a retry timer firing between rounds).
          for (let round = 0; round < 300 && (await tab.db.outbox.count()) > 0; round++) {
            if (killed.has(tab)) {
              tab.db.close();
              tab = await reopen();
            }
            tab.engine.start();
            await tab.engine.waitForLeadership();
            await tab.engine.requestSync();
            if (!killed.has(tab) && (await tab.db.outbox.count()) > 0) await new Promise((r) => setTimeout(r, 3));
          }
          if (killed.has(tab)) {
            tab.db.close();
            tab = await reopen();
          }
          injected += faults.filter((x) => x !== 'ok').length - dev.net.queue.filter((x) => x !== 'ok').length;
          faultsSeen += injected;
          restartsSeen += killed.size;
          await drain(tab);
          expect(await tab.db.outbox.count()).toBe(0);
          expect(await tab.db.rejected.count()).toBe(0);
          const serverDoors = await f.serverIds('doors');
          for (const id of doors) expect(serverDoors.get(id)).toBe(1);
          const serverChecks = await f.serverIds('door_log');
          for (const id of checks) expect(serverChecks.get(id)).toBe(1);
          if (deleted.size) {
            const r = await f.project.engine.query<{ n: string | number }>(
              `select count(*) as n from public.doors where id = any($1::uuid[]) and deleted_at is not null`,
              [[...deleted]],
            );
            expect(Number(r.rows[0]?.n)).toBe(deleted.size);
          }
          await closeTab(tab);
        },
      ),
      {
        numRuns: 31, // 1 example + 30 random draws
        // One schedule that surely bites (every kind of fault, a restart at
        // the second await point), so the counts below never hang on the draws.
        examples: [
          [
            ['door', 'check', 'check', 'rename', 'check', 'delete', 'door', 'check'],
            [
              'network',
              'drop-after-commit',
              '503',
              '429',
              'slow',
              'network',
              'drop-after-commit',
              '503',
              '429',
              'network',
              'drop-after-commit',
              '503',
            ],
            [2],
            1,
          ] as [Op[], Fault[], number[], number],
        ],
      },
    );
    // The schedules did bite: faults were injected and engines abandoned.
    expect(faultsSeen).toBeGreaterThan(10);
    expect(restartsSeen).toBeGreaterThan(0);
  });
});
