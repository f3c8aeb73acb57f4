/**
 * Maintenance work orders through the real sync engine and local stack
 * (issue 13 §2): the assignee's device pulls the record an admin gave them,
 * comments (append-only, authored from the session, whatever the device
 * says), starts and resolves the work; a resolution without a note is refused
 * by the server and kept in rejected with its code, not lost.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRejected } from '../../src/data/rejected-entries';
import { listMaintenanceComments } from '../../src/data/queries';
import { AppendOnlyError, insertRow, updateRow, upsertRow } from '../../src/data/repositories';
import { startTestStack, type TestStack } from '../support/stack';
import { closeTab, device, doorId, drain, openTab, tenantFixture } from './sync-support';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.close());

describe('work orders through the sync engine', () => {
  it("the assignee's comments and resolution reach the server as theirs; a bare resolution is refused and kept", async () => {
    const f = await tenantFixture(t, 'regular_user');
    await f.project.engine.query(`update public.users set first_name = 'Riley', last_name = 'Fixer' where id = $1`, [f.user.id]);
    const rec = await f.project.engine.query<{ id: string }>(
      `insert into public.maintenance_records (door_id, door_name, description, priority, assigned_to, due_date)
       values ($1, 'D1', 'Closer leaking', 'high', $2, '2026-12-01') returning id`,
      [doorId(f), f.user.id],
    );
    const recordId = rec.rows[0]!.id;
    const tab = await openTab(f, device(t), { pullAfterPush: true, tables: ['maintenance_records', 'maintenance_comments'] });
    await f.signIn(tab.client);
    await tab.engine.pullNow();
    expect(await tab.db.cache('maintenance_records').get(recordId)).toMatchObject({ assigned_to: f.user.id, due_date: '2026-12-01' });

    const comment = await insertRow(tab.db, 'maintenance_comments', {
      record_id: recordId,
      body: 'Parts ordered, fitting Thursday',
      user_id: '00000000-0000-4000-8000-000000000000',
      author_name: 'Someone else',
    });
    await expect(upsertRow(tab.db, 'maintenance_comments', { ...comment, body: 'changed' })).rejects.toBeInstanceOf(AppendOnlyError);
    // The assignee may not lower the priority: the server keeps the admin's.
    await updateRow(tab.db, 'maintenance_records', recordId, { status: 'in_progress', priority: 'low' });
    await updateRow(tab.db, 'maintenance_records', recordId, { status: 'resolved', resolution_notes: '   ' });
    await drain(tab);
    expect((await listRejected(tab.db)).map((x) => [x.table, x.error.code])).toEqual([['maintenance_records', '23514']]);

    await updateRow(tab.db, 'maintenance_records', recordId, { status: 'resolved', resolution_notes: 'New closer fitted' });
    await drain(tab);
    const server = await f.project.engine.query(
      `select status, priority, resolution_notes, resolved_by, resolved_at is not null as stamped from public.maintenance_records where id = $1`,
      [recordId],
    );
    expect(server.rows[0]).toEqual({
      status: 'resolved',
      priority: 'high',
      resolution_notes: 'New closer fitted',
      resolved_by: f.user.id,
      stamped: true,
    });
    const comments = await f.project.engine.query(
      `select body, user_id, author_name from public.maintenance_comments where record_id = $1`,
      [recordId],
    );
    expect(comments.rows).toEqual([{ body: 'Parts ordered, fitting Thursday', user_id: f.user.id, author_name: 'Riley Fixer' }]);

    // The pull brings the server's truth back over the device's copies.
    await tab.engine.pullNow();
    expect(await tab.db.cache('maintenance_records').get(recordId)).toMatchObject({ priority: 'high', resolved_by: f.user.id });
    expect(await listMaintenanceComments(tab.db, recordId)).toMatchObject([
      { id: comment.id, author_name: 'Riley Fixer', user_id: f.user.id },
    ]);
    await closeTab(tab);
  });
});
