/**
 * Missed-check acknowledgements through the real sync engine and local stack:
 * an admin's ack is an insert (append-only) that reaches the server with the
 * acknowledger set from the session, not from the device, and the pull
 * brings the server's row back; an officer's ack is refused and kept in rejected with its code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRejected } from '../../src/data/rejected-entries';
import { AppendOnlyError, insertRow, upsertRow } from '../../src/data/repositories';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, doorId, drain, openTab, tenantFixture } from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());

describe('door_alert_acks through the sync engine', () => {
  it("a security admin's ack reaches the server as theirs, and the pull brings that back", async () => {
    const f = await tenantFixture(t, 'security_admin');
    await f.project.engine.query(`update public.users set first_name = 'James', last_name = 'Carter' where id = $1`, [f.user.id]);
    const tab = await openTab(f, device(t), { pullAfterPush: true, tables: ['door_alert_acks'] });
    await f.signIn(tab.client);
    const ack = await insertRow(tab.db, 'door_alert_acks', {
      door_id: doorId(f),
      last_check_at: null,
      level: 'escalated',
      note: '  New door, first round tomorrow  ',
      acknowledged_by: '00000000-0000-4000-8000-000000000000',
      acknowledged_by_name: 'Someone else',
    });
    await expect(upsertRow(tab.db, 'door_alert_acks', { ...ack, note: 'changed' })).rejects.toBeInstanceOf(AppendOnlyError);
    await drain(tab);
    const r = await f.project.engine.query<{ note: string; acknowledged_by: string; acknowledged_by_name: string; level: string }>(
      `select note, acknowledged_by, acknowledged_by_name, level from public.door_alert_acks where id = $1`,
      [ack.id],
    );
    expect(r.rows[0]).toEqual({
      note: 'New door, first round tomorrow',
      acknowledged_by: f.user.id,
      acknowledged_by_name: 'James Carter',
      level: 'escalated',
    });
    // The pull brings the server's row back over the local copy.
    await tab.engine.pullNow();
    expect(await tab.db.cache('door_alert_acks').get(ack.id)).toMatchObject({
      acknowledged_by: f.user.id,
      acknowledged_by_name: 'James Carter',
    });
    await closeTab(tab);
  });

  it("an officer's ack is refused by the server (42501) and kept in rejected", async () => {
    const f = await tenantFixture(t, 'regular_user');
    const tab = await openTab(f, device(t), { tables: ['door_alert_acks'] });
    await f.signIn(tab.client);
    await insertRow(tab.db, 'door_alert_acks', { door_id: doorId(f), last_check_at: null, level: 'overdue', note: 'Not mine to ack' });
    await drain(tab);
    const rejected = await listRejected(tab.db);
    expect(rejected.map((x) => [x.table, x.error.code])).toEqual([['door_alert_acks', '42501']]);
    const count = await f.project.engine.query<{ n: number }>(`select count(*)::int as n from public.door_alert_acks`);
    expect(count.rows[0]!.n).toBe(0);
    await closeTab(tab);
  });
});
