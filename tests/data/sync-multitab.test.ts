/**
 * Several tabs on one device (issue 3, test 7): three engines over one
 * tenant database share a lock provider as browser tabs share Web Locks.
 * Every tab writes; one leads; tabs are closed at random (abandoned mid-push
 * or closed gracefully) and reopened. Every record reaches the server once
 * and leadership passes on.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDoorCheck } from '../../src/data/repositories';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, doorId, drain, openTab, tenantFixture, type Tab } from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());

type Action =
  | { kind: 'write'; tab: number; n: number }
  | { kind: 'kill'; tab: number }
  | { kind: 'close'; tab: number }
  | { kind: 'sync'; tab: number };

const action = fc.oneof(
  fc.record({ kind: fc.constant<'write'>('write'), tab: fc.integer({ min: 0, max: 2 }), n: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constant<'kill'>('kill'), tab: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant<'close'>('close'), tab: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant<'sync'>('sync'), tab: fc.integer({ min: 0, max: 2 }) }),
);

describe('multi-tab', () => {
  it('7. three engines on one database with random closes: every record applied once; leadership passes on', async () => {
    const f = await tenantFixture(t);
    const dev = device(t);
    const first = await openTab(f, dev);
    await f.signIn(first.client);
    await closeTab(first);
    let handovers = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 3, maxLength: 14 }),
        fc.integer({ min: 1, max: 3 }),
        async (actions: Action[], batchRows) => {
          const open = async (): Promise<Tab> => {
            const tab = await openTab(f, dev, { batchRows, watchOutbox: true });
            tab.engine.start();
            return tab;
          };
          const tabs: Tab[] = [await open(), await open(), await open()];
          const leaders = new Set<Tab>();
          const ids: string[] = [];
          const note = (): void => {
            for (const tab of tabs) if (tab.engine.getState().role === 'leader') leaders.add(tab);
          };
          for (const a of actions) {
            const tab = tabs[a.tab];
            if (!tab) continue;
            note();
            if (a.kind === 'write') {
              for (let i = 0; i < a.n; i++)
                ids.push((await recordDoorCheck(tab.db, { door_id: doorId(f, i % 3), door_status: 'operational' })).id);
              // Give the leader a moment to start pushing, so closes land mid-push.
              await new Promise((r) => setTimeout(r, 1));
            } else if (a.kind === 'sync') {
              await tab.engine.requestSync();
            } else {
              const wasLeader = tab.engine.getState().role === 'leader';
              if (a.kind === 'kill') {
                tab.engine.kill();
                tab.db.close();
              } else {
                await closeTab(tab);
              }
              tabs[a.tab] = await open();
              if (wasLeader) {
                // Someone else must lead now (one of the remaining or the reopened tab).
                await Promise.race(tabs.map((x) => x.engine.waitForLeadership()));
                handovers++;
              }
            }
          }
          note();
          // Settle: whichever tab leads drains the queue.
          const leader = await Promise.race(tabs.map((x) => x.engine.waitForLeadership().then(() => x)));
          await drain(leader);
          const server = await f.serverIds('door_log');
          for (const id of ids) expect(server.get(id), id).toBe(1);
          expect(await leader.db.rejected.count()).toBe(0);
          expect(leaders.size).toBeGreaterThanOrEqual(1);
          for (const tab of tabs) await closeTab(tab);
        },
      ),
      {
        numRuns: 26, // 1 example + 25 random draws
        // Every first tab is killed in turn, so whichever led is among them
        // and at least one handover happens whatever the random draws are.
        examples: [
          [
            [
              { kind: 'write', tab: 0, n: 5 },
              { kind: 'sync', tab: 0 },
              { kind: 'kill', tab: 0 },
              { kind: 'kill', tab: 1 },
              { kind: 'kill', tab: 2 },
              { kind: 'write', tab: 1, n: 3 },
            ],
            1,
          ] as [Action[], number],
        ],
      },
    );
    expect(handovers).toBeGreaterThan(0);
  });
});
