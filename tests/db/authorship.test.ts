/**
 * Records nobody can forge or hide (migrations 20261122000800 and 0900,
 * docs/rls-matrix.md "Who did this"): per table, who-did-this columns come
 * from the session whatever the body says (overridden, never refused, so an
 * old app's queued writes still land), the server's own imports keep theirs,
 * and a non-admin cannot hide a failing door check behind a record of their
 * own making.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../supabase/local/project';
import { attempt, insertSql, newId, run, SERVICE, type Outcome, type TestProjects } from './helpers/db';
import { openFixtureTenant, type Caller, type TenantFixtures } from './helpers/tenant-fixtures';

let projects: TestProjects;
let tenant: Project;
let fx: TenantFixtures;

beforeAll(async () => {
  ({ projects, tenant, fx } = await openFixtureTenant());
  await tenant.engine.query(`update public.users set first_name = 'Riley', last_name = 'Officer' where id = $1`, [fx.uids.regular_user]);
  await tenant.engine.query(`update public.users set first_name = 'Sam', last_name = 'Admin' where id = $1`, [fx.uids.security_admin]);
});

afterAll(async () => {
  await projects?.close();
});

function row0(o: Outcome): Record<string, unknown> {
  expect(o.kind, JSON.stringify(o)).toBe('rows');
  return o.kind === 'rows' ? (o.rows[0] ?? {}) : {};
}

function insertAs(caller: Caller, table: string, values: Record<string, unknown>, returning: string): Promise<Outcome> {
  const { sql, params } = insertSql(table, { id: newId(), ...values }, returning);
  return attempt(tenant.engine, fx.claims[caller], sql, params);
}

describe('who-did-this columns in the tenant schema', () => {
  // Authorship: set by the server. Subject: whom a row is about, chosen by those who manage it.
  const CLASSIFIED: Record<string, 'authorship' | 'subject'> = {
    'door_log.user_id': 'authorship',
    'maintenance_records.created_by': 'authorship',
    'incidents.reported_by': 'authorship',
    'incidents.reported_by_name': 'authorship',
    'maintenance_records.assigned_to': 'subject',
    'incidents.assigned_to': 'subject',
    'incidents.assigned_to_name': 'subject',
    'bus_drivers.user_id': 'subject',
    'user_bus_assignments.user_id': 'subject',
    'user_route_assignments.user_id': 'subject',
    'fuel_log.driver_id': 'subject',
    'routes.driver_id': 'subject',
    'bus_log.driver_id': 'subject',
    'door_alert_acks.acknowledged_by': 'authorship',
    'door_alert_acks.acknowledged_by_name': 'authorship',
    'maintenance_records.resolved_by': 'authorship',
    'maintenance_comments.user_id': 'authorship',
    'bus_log.recorded_by': 'authorship',
    'student_ride_events.recorded_by': 'authorship',
    // Set from the session by migration 20261126000100 (tests/db/parking-rls.test.ts).
    'parking_violations.recorded_by': 'authorship',
    'parking_violations.resolved_by': 'authorship',
    // Only start_sweep, end_sweep and the door_log trigger write these (tests/db/sweeps.test.ts).
    'sweeps.started_by': 'authorship',
    'sweeps.started_by_name': 'authorship',
    'sweeps.ended_by': 'authorship',
    'sweeps.ended_by_name': 'authorship',
    'sweep_doors.checked_by': 'authorship',
    'sweep_doors.checked_by_name': 'authorship',
  };

  it('are all classified, so a new one cannot slip in unguarded', async () => {
    const r = await tenant.engine.query<{ col: string }>(
      `select table_name || '.' || column_name col from information_schema.columns
        where table_schema = 'public'
          and (column_name ~ '(_by|_by_name|user_id|driver_id|assigned_to|assigned_to_name)$')
        order by 1`,
    );
    expect(r.rows.map((x) => x.col).sort()).toEqual(Object.keys(CLASSIFIED).sort());
  });
});

describe('door_log.user_id', () => {
  it.each(['regular_user', 'office_staff', 'security_admin', 'super_admin'] as const)(
    "%s recording a check in someone else's name (or none) records it as their own",
    async (caller) => {
      for (const claimed of [fx.uids.transportation_admin, null]) {
        const o = await insertAs(caller, 'door_log', { door_id: fx.parents.doorId, user_id: claimed }, 'user_id');
        expect(row0(o)).toEqual({ user_id: fx.uids[caller] });
      }
    },
  );

  it('a support session still records no checks', async () => {
    const o = await insertAs('support', 'door_log', { door_id: fx.parents.doorId, user_id: null }, 'user_id');
    expect(o).toMatchObject({ kind: 'error', code: '42501' });
  });
});

describe('bus_log.recorded_by and student_ride_events.recorded_by (inspections, drills and their marks)', () => {
  const bodies = () => ({
    bus_log: { bus_id: fx.parents.busId, kind: 'drill' },
    student_ride_events: { student_id: 'S9', bus_id: fx.parents.busId, event_type: 'accounted_for' },
  });

  it.each(['transportation_admin', 'super_admin', 'support'] as const)(
    "%s recording in someone else's name (or none) records as their session's subject",
    async (caller) => {
      for (const [table, body] of Object.entries(bodies())) {
        for (const forged of [{ recorded_by: fx.uids.regular_user }, {}]) {
          const o = await insertAs(caller, table, { ...body, ...forged }, 'recorded_by');
          expect(row0(o), table).toEqual({ recorded_by: fx.uids[caller] });
        }
      }
    },
  );

  it('nobody moves a record to another recorder afterwards; the edit itself lands', async () => {
    const id = newId();
    const made = insertSql('bus_log', { id, ...bodies().bus_log });
    await run(tenant.engine, fx.claims.transportation_admin, made.sql, made.params);
    for (const caller of ['transportation_admin', 'super_admin', 'support'] as const) {
      const o = await attempt(
        tenant.engine,
        fx.claims[caller],
        `update public.bus_log set recorded_by = $2, notes = 'Six minutes' where id = $1 returning recorded_by, notes`,
        [id, fx.uids.office_staff],
      );
      expect(row0(o)).toEqual({ recorded_by: fx.uids.transportation_admin, notes: 'Six minutes' });
    }
  });

  it('the server keeps the recorder it imports', async () => {
    for (const [table, body] of Object.entries(bodies())) {
      const imported = insertSql(table, { id: newId(), ...body, recorded_by: fx.uids.regular_user }, 'recorded_by');
      const o = await attempt(tenant.engine, SERVICE, imported.sql, imported.params);
      expect(row0(o), table).toEqual({ recorded_by: fx.uids.regular_user });
    }
  });
});

describe('maintenance_comments.user_id and author_name', () => {
  const body = () => ({ record_id: fx.parents.recordId, body: '  Parts ordered  ' });

  it("a comment in someone else's name (or none) is the commenter's own, named from their users row", async () => {
    for (const forged of [{ user_id: fx.uids.security_admin, author_name: 'Sam Admin' }, {}]) {
      const o = await insertAs('regular_user', 'maintenance_comments', { ...body(), ...forged }, 'user_id, author_name, body');
      expect(row0(o)).toEqual({ user_id: fx.uids.regular_user, author_name: 'Riley Officer', body: 'Parts ordered' });
    }
  });

  it('a support session comments as its subject, named Support', async () => {
    const o = await insertAs('support', 'maintenance_comments', { ...body(), author_name: 'Maria' }, 'user_id, author_name');
    expect(row0(o)).toEqual({ user_id: fx.uids.support, author_name: 'Support' });
  });

  it('a comment that is blank once trimmed, or longer than 2000 characters, is refused', async () => {
    for (const text of ['   ', '\t\n\r ', 'x'.repeat(2001)]) {
      const o = await insertAs('security_admin', 'maintenance_comments', { ...body(), body: text }, 'id');
      expect(o).toMatchObject({ kind: 'error', code: '23514' });
    }
  });

  it('a comment on a record that does not exist is refused', async () => {
    const o = await insertAs('security_admin', 'maintenance_comments', { ...body(), record_id: newId() }, 'id');
    expect(o).toMatchObject({ kind: 'error', code: '23503' });
  });
});

describe('door_alert_acks.acknowledged_by and acknowledged_by_name', () => {
  const body = () => ({ door_id: fx.parents.doorId, last_check_at: null, level: 'overdue', note: '  Custodian on it  ' });

  it("an admin acknowledging in someone else's name (or none) acknowledges as themselves, named from their users row", async () => {
    for (const forged of [{ acknowledged_by: fx.uids.regular_user, acknowledged_by_name: 'Riley Officer' }, {}]) {
      const o = await insertAs(
        'security_admin',
        'door_alert_acks',
        { ...body(), ...forged },
        'acknowledged_by, acknowledged_by_name, note',
      );
      expect(row0(o)).toEqual({ acknowledged_by: fx.uids.security_admin, acknowledged_by_name: 'Sam Admin', note: 'Custodian on it' });
    }
  });

  it('a support session acknowledges as its subject, named Support', async () => {
    const o = await insertAs(
      'support',
      'door_alert_acks',
      { ...body(), acknowledged_by_name: 'Maria' },
      'acknowledged_by, acknowledged_by_name',
    );
    expect(row0(o)).toEqual({ acknowledged_by: fx.uids.support, acknowledged_by_name: 'Support' });
  });

  it('a note that is blank once trimmed is refused', async () => {
    const o = await insertAs('security_admin', 'door_alert_acks', { ...body(), note: '   ' }, 'id');
    expect(o).toMatchObject({ kind: 'error', code: '23514' });
  });

  it('an ack may not claim an escalation before it happens (the server judges the episode it names by its own clock)', async () => {
    // The default policy: a 24 h interval, overdue at 125 % (30 h), escalated at 200 % (48 h).
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const ack = (h: number, level: string) =>
      insertAs('security_admin', 'door_alert_acks', { ...body(), last_check_at: hoursAgo(h), level }, 'level');
    expect(await ack(1, 'escalated')).toMatchObject({ kind: 'error', code: '23514' });
    expect(await ack(31, 'escalated')).toMatchObject({ kind: 'error', code: '23514' });
    expect(row0(await ack(31, 'overdue'))).toEqual({ level: 'overdue' });
    expect(row0(await ack(49, 'escalated'))).toEqual({ level: 'escalated' });
  });
});

describe('incidents.reported_by and reported_by_name', () => {
  const body = { title: 'Propped door', description: 'Gym door wedged' };

  it.each([
    ['no reporter and a made-up name', () => ({ reported_by: null, reported_by_name: 'Principal Skinner' })],
    ["someone else's id and name", () => ({ reported_by: fx.uids.security_admin, reported_by_name: 'Sam Admin' })],
    ['nothing at all', () => ({})],
  ])('a non-admin sending %s is filed as themselves, named from their users row', async (_n, forged) => {
    const o = await insertAs('regular_user', 'incidents', { ...body, ...forged() }, 'reported_by, reported_by_name');
    expect(row0(o)).toEqual({ reported_by: fx.uids.regular_user, reported_by_name: 'Riley Officer' });
  });

  it('an admin is the reporter of what they file (no on-behalf reports)', async () => {
    const o = await insertAs(
      'security_admin',
      'incidents',
      { ...body, reported_by: fx.uids.regular_user, reported_by_name: 'Riley Officer' },
      'reported_by, reported_by_name',
    );
    expect(row0(o)).toEqual({ reported_by: fx.uids.security_admin, reported_by_name: 'Sam Admin' });
  });

  it('a support session files with no reporter, named Support', async () => {
    const o = await insertAs(
      'support',
      'incidents',
      { ...body, reported_by: fx.uids.regular_user, reported_by_name: 'Riley' },
      'reported_by, reported_by_name',
    );
    expect(row0(o)).toEqual({ reported_by: null, reported_by_name: 'Support' });
  });

  it('nobody moves a report to another reporter afterwards; the edit itself still lands', async () => {
    for (const caller of ['regular_user', 'security_admin', 'support'] as const) {
      const o = await attempt(
        tenant.engine,
        fx.claims[caller],
        `update public.incidents set reported_by = $2, reported_by_name = 'Someone', description = 'More'
          where id = $1 returning reported_by, reported_by_name, description`,
        [fx.main.incidents, fx.uids.office_staff],
      );
      expect(row0(o)).toEqual({ reported_by: fx.uids.regular_user, reported_by_name: null, description: 'More' });
    }
  });

  it("the assignee's name comes from their users row", async () => {
    const o = await insertAs(
      'security_admin',
      'incidents',
      { ...body, assigned_to: fx.uids.regular_user, assigned_to_name: 'Somebody Else' },
      'assigned_to_name',
    );
    expect(row0(o)).toEqual({ assigned_to_name: 'Riley Officer' });
  });

  it('the server (service role, seeds) records the reporter it is given', async () => {
    const o = await insertAs('anon', 'incidents', body, 'id');
    expect(o.kind).toBe('error');
    const { sql, params } = insertSql(
      'incidents',
      { ...body, reported_by: fx.uids.office_staff, reported_by_name: 'Imported' },
      'reported_by_name',
    );
    expect(row0(await attempt(tenant.engine, SERVICE, sql, params))).toEqual({ reported_by_name: 'Imported' });
  });
});

describe('maintenance_records.created_by, assigned_to and source_door_log_id', () => {
  const body = () => ({ door_id: fx.parents.spareDoorId, description: 'Closer leaking' });

  it.each(['regular_user', 'office_staff', 'transportation_admin'] as const)(
    '%s files a record as its creator, unassigned, never as automatic',
    async (caller) => {
      const o = await insertAs(
        caller,
        'maintenance_records',
        { ...body(), created_by: fx.uids.super_admin, assigned_to: fx.uids[caller], source_door_log_id: fx.main.door_log },
        'created_by, assigned_to, source_door_log_id',
      );
      expect(row0(o)).toEqual({ created_by: fx.uids[caller], assigned_to: null, source_door_log_id: null });
    },
  );

  it.each(['security_admin', 'super_admin', 'support'] as const)('%s assigns on create but is still its creator', async (caller) => {
    const o = await insertAs(
      caller,
      'maintenance_records',
      { ...body(), created_by: fx.uids.regular_user, assigned_to: fx.uids.regular_user, source_door_log_id: fx.main.door_log },
      'created_by, assigned_to, source_door_log_id',
    );
    expect(row0(o)).toEqual({ created_by: fx.uids[caller], assigned_to: fx.uids.regular_user, source_door_log_id: null });
  });

  it('an update keeps the creator and the source check', async () => {
    const o = await attempt(
      tenant.engine,
      fx.claims.security_admin,
      `update public.maintenance_records set created_by = $2, source_door_log_id = $3 where id = $1 returning created_by, source_door_log_id`,
      [fx.main.maintenance_records, fx.uids.security_admin, fx.main.door_log],
    );
    expect(row0(o)).toEqual({ created_by: null, source_door_log_id: null });
  });

  it('the service role (imports) keeps what it is given', async () => {
    const { sql, params } = insertSql(
      'maintenance_records',
      { ...body(), created_by: fx.uids.office_staff, source_door_log_id: fx.main.door_log },
      'created_by, source_door_log_id',
    );
    expect(row0(await attempt(tenant.engine, SERVICE, sql, params))).toEqual({
      created_by: fx.uids.office_staff,
      source_door_log_id: fx.main.door_log,
    });
  });
});

describe('a non-admin cannot hide a failing check', () => {
  async function newDoor(): Promise<string> {
    const r = await tenant.engine.query<{ id: string }>(`insert into public.doors (door_number, campus_id) values ($1, $2) returning id`, [
      `H${newId().slice(0, 6)}`,
      fx.parents.campusId,
    ]);
    return r.rows[0]!.id;
  }

  async function check(door: string, status: string): Promise<string> {
    const id = newId();
    await run(
      tenant.engine,
      fx.claims.regular_user,
      `insert into public.door_log (id, door_id, user_id, door_status) values ($1, $2, $3, $4)`,
      [id, door, fx.uids.regular_user, status],
    );
    return id;
  }

  async function automatic(door: string) {
    const r = await tenant.engine.query<{ id: string; status: string }>(
      `select id, status from public.maintenance_records where door_id = $1 and source_door_log_id is not null`,
      [door],
    );
    return r.rows;
  }

  /** A new door, a failing check of it, and the record that check opened. */
  async function recordOpenedByCheck() {
    const door = await newDoor();
    await check(door, 'maintenance');
    const [rec] = await automatic(door);
    return { door, rec };
  }

  it("the officer's own open record (pointing at a check, assigned to themselves) does not stop the automatic one", async () => {
    const door = await newDoor();
    const earlier = await check(door, 'operational');
    await run(
      tenant.engine,
      fx.claims.regular_user,
      `insert into public.maintenance_records (door_id, description, status, assigned_to, source_door_log_id)
       values ($1, 'Cosmetic', 'open', $2, $3)`,
      [door, fx.uids.regular_user, earlier],
    );
    await check(door, 'out_of_service');
    expect(await automatic(door)).toHaveLength(1);
  });

  it('the assignee resolves the record a check opened only with a note saying what was done, and is named as who resolved it', async () => {
    const { door, rec } = await recordOpenedByCheck();
    await tenant.engine.query(`update public.maintenance_records set assigned_to = $2 where id = $1`, [rec!.id, fx.uids.regular_user]);

    const resolve = `update public.maintenance_records set status = 'resolved', resolution_notes = $2 where id = $1
                     returning status, resolution_notes, resolved_by`;
    for (const note of [null, '   ']) {
      const bare = await attempt(tenant.engine, fx.claims.regular_user, resolve, [rec!.id, note]);
      expect(bare).toMatchObject({ kind: 'error', code: '23514' });
      expect(bare.kind === 'error' && bare.message).toMatch(/say what was done/);
    }
    // Each step commits (run), so the next one starts from it.
    await run(tenant.engine, fx.claims.regular_user, `update public.maintenance_records set status = 'in_progress' where id = $1`, [
      rec!.id,
    ]);
    const done = await run(tenant.engine, fx.claims.regular_user, resolve, [rec!.id, ' New closer fitted ']);
    expect(done.rows[0]).toEqual({ status: 'resolved', resolution_notes: 'New closer fitted', resolved_by: fx.uids.regular_user });

    // Reopened by an admin, it names nobody as resolver until it is resolved again.
    const reopen = `update public.maintenance_records set status = 'open' where id = $1 returning status, resolved_by, resolved_at`;
    expect((await run(tenant.engine, fx.claims.security_admin, reopen, [rec!.id])).rows[0]).toEqual({
      status: 'open',
      resolved_by: null,
      resolved_at: null,
    });
    // An admin may resolve without a note.
    expect(
      row0(
        await attempt(
          tenant.engine,
          fx.claims.super_admin,
          `update public.maintenance_records set status = 'resolved', resolution_notes = null where id = $1 returning status, resolved_by`,
          [rec!.id],
        ),
      ),
    ).toEqual({ status: 'resolved', resolved_by: fx.uids.super_admin });

    await tenant.engine.query(`update public.maintenance_records set status = 'open', resolved_by = null where id = $1`, [rec!.id]);
    await check(door, 'operational');
    expect(await automatic(door)).toEqual([{ id: rec!.id, status: 'resolved' }]);
  });

  it('the assignee cannot rewrite the record, backdate its resolution, reuse an old note or clear the note', async () => {
    const { rec } = await recordOpenedByCheck();
    await run(
      tenant.engine,
      fx.claims.security_admin,
      `update public.maintenance_records set assigned_to = $2, status = 'resolved', resolution_notes = 'Earlier fix' where id = $1`,
      [rec!.id, fx.uids.regular_user],
    );
    await run(tenant.engine, fx.claims.security_admin, `update public.maintenance_records set status = 'open' where id = $1`, [rec!.id]);
    const as = (sql: string) => attempt(tenant.engine, fx.claims.regular_user, sql, [rec!.id]);

    const before = row0(await as(`select description, issue_type, door_name from public.maintenance_records where id = $1`));
    const rewrite = await as(
      `update public.maintenance_records set description = 'Nothing wrong', issue_type = 'other', door_name = 'X9' where id = $1
       returning description, issue_type, door_name`,
    );
    expect(row0(rewrite)).toEqual(before);

    // The note from before the reopening is not a new one; a note of only tabs and line breaks is none.
    for (const sql of [
      `update public.maintenance_records set status = 'resolved' where id = $1`,
      `update public.maintenance_records set status = 'resolved', resolution_notes = E'\\t\\n ' where id = $1`,
    ])
      expect(await as(sql)).toMatchObject({ kind: 'error', code: '23514' });

    const resolved = await run(
      tenant.engine,
      fx.claims.regular_user,
      `update public.maintenance_records set status = 'resolved', resolution_notes = 'Hinge replaced', resolved_at = '2020-01-01' where id = $1
       returning resolved_at > now() - interval '1 minute' as now_stamped`,
      [rec!.id],
    );
    expect(resolved.rows[0]).toEqual({ now_stamped: true });
    const later = await as(
      `update public.maintenance_records set resolved_at = '2020-01-01' where id = $1 returning resolved_at > '2021-01-01' as kept`,
    );
    expect(row0(later)).toEqual({ kept: true });
    expect(await as(`update public.maintenance_records set resolution_notes = null where id = $1`)).toMatchObject({
      kind: 'error',
      code: '23514',
    });
  });

  it("the assignee cannot change the priority or the due date: those stay the admins'", async () => {
    const { rec } = await recordOpenedByCheck();
    await run(
      tenant.engine,
      fx.claims.security_admin,
      `update public.maintenance_records set assigned_to = $2, priority = 'high', due_date = '2026-12-01' where id = $1`,
      [rec!.id, fx.uids.regular_user],
    );
    const o = await attempt(
      tenant.engine,
      fx.claims.regular_user,
      `update public.maintenance_records set priority = 'low', due_date = '2027-06-01', status = 'in_progress' where id = $1
       returning priority, due_date::text, status`,
      [rec!.id],
    );
    expect(row0(o)).toEqual({ priority: 'high', due_date: '2026-12-01', status: 'in_progress' });
  });

  it('the assignee cannot move the record to another door', async () => {
    const { door, rec } = await recordOpenedByCheck();
    await tenant.engine.query(`update public.maintenance_records set assigned_to = $2 where id = $1`, [rec!.id, fx.uids.regular_user]);
    const other = await newDoor();
    const o = await attempt(
      tenant.engine,
      fx.claims.regular_user,
      `update public.maintenance_records set door_id = $2 where id = $1 returning door_id`,
      [rec!.id, other],
    );
    expect(row0(o)).toEqual({ door_id: door });
  });
});
