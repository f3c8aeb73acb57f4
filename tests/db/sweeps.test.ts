/**
 * Campus sweeps (migration 20261128000100, decision 030) through the local
 * stack and the unmodified supabase-js client, as each caller: who reads
 * sweeps, sweep_doors and check_interval_changes, who starts and ends a
 * sweep (and what everyone else is told), that no client writes the three
 * tables directly, one running sweep per campus, door checks filling the
 * outcomes by their trusted time, door group labels, and the check-interval
 * history. Runs on PGlite, and on PostgreSQL with DATABASE_URL set.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../supabase/local/keys';
import type { Project } from '../../supabase/local/project';
import { startTestStack, type TestStack } from '../support/stack';
import { insertSql, newId } from './helpers/db';
import { createTenantUser, supportSessionRow } from './helpers/tenant-fixtures';

type Caller = 'anon' | 'regular_user' | 'office_staff' | 'transportation_admin' | 'security_admin' | 'super_admin' | 'support' | 'inactive';
const CALLERS: Caller[] = [
  'anon',
  'regular_user',
  'office_staff',
  'transportation_admin',
  'security_admin',
  'super_admin',
  'support',
  'inactive',
];
const SIGNED_IN: Caller[] = ['regular_user', 'office_staff', 'transportation_admin', 'security_admin', 'super_admin', 'support'];
const SWEEPERS: Caller[] = ['security_admin', 'super_admin', 'support'];
const TABLES = ['sweeps', 'sweep_doors', 'check_interval_changes'] as const;

const MIN = 60_000;

let t: TestStack;
let project: Project;
const clients = {} as Record<Caller, SupabaseClient>;
const uids = {} as Record<Exclude<Caller, 'anon'>, string>;

interface SweepRow {
  id: string;
  campus_id: string;
  kind: string;
  door_group: string;
  note: string | null;
  started_at: string;
  started_by: string | null;
  started_by_name: string | null;
  ended_at: string | null;
  ended_by: string | null;
  ended_by_name: string | null;
}

interface SweepDoorRow {
  door_id: string;
  door_number: string;
  outcome: string | null;
  door_log_id: string | null;
  checked_at: number | null;
  checked_by: string | null;
  checked_by_name: string | null;
  problem: string | null;
  updated_at: number;
}

const ms = (v: unknown): number => (v instanceof Date ? v.getTime() : Date.parse(String(v)));
const iso = (n: number) => new Date(n).toISOString();

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await project.engine.query<T>(text, params)).rows;
}

async function insert(table: string, row: Record<string, unknown>): Promise<string> {
  const { sql: text, params } = insertSql(table, row);
  return (await project.engine.query<{ id: string }>(text, params)).rows[0]!.id;
}

let campusSeq = 0;
/** A campus with doors named after their groups, made as the database owner. */
async function campusWith(doors: Record<string, string[]>, active = true): Promise<{ campusId: string; doors: Record<string, string> }> {
  const campusId = await insert('campus', { campus_name: `Sweep Campus ${++campusSeq}`, active });
  const ids: Record<string, string> = {};
  for (const [door_number, door_groups] of Object.entries(doors))
    ids[door_number] = await insert('doors', { door_number, campus_id: campusId, door_groups });
  return { campusId, doors: ids };
}

async function sweepDoors(sweepId: string): Promise<Record<string, SweepDoorRow>> {
  const rows = await sql<Record<string, unknown>>(`select * from public.sweep_doors where sweep_id = $1`, [sweepId]);
  return Object.fromEntries(
    rows.map((r) => [
      r.door_number as string,
      {
        door_id: r.door_id as string,
        door_number: r.door_number as string,
        outcome: r.outcome as string | null,
        door_log_id: r.door_log_id as string | null,
        checked_at: r.checked_at === null ? null : ms(r.checked_at),
        checked_by: r.checked_by as string | null,
        checked_by_name: r.checked_by_name as string | null,
        problem: r.problem as string | null,
        updated_at: ms(r.updated_at),
      },
    ]),
  );
}

/** A check stored as the server stores an import: its trusted time as given. */
async function check(doorId: string, at: number, status = 'operational', problem: string | null = null, userId = uids.regular_user) {
  return insert('door_log', { door_id: doorId, user_id: userId, door_status: status, door_problem: problem, created_at: iso(at) });
}

async function start(
  who: Caller,
  campusId: string,
  group: string,
  kind = 'lockup',
  note: string | null = null,
): Promise<{ data: SweepRow | null; error: { code: string; message: string } | null; status: number }> {
  const r = await clients[who].rpc('start_sweep', { p_campus_id: campusId, p_kind: kind, p_door_group: group, p_note: note });
  return { data: r.data as SweepRow | null, error: r.error, status: r.status };
}

async function end(who: Caller, sweepId: string) {
  const r = await clients[who].rpc('end_sweep', { p_sweep_id: sweepId });
  return { data: r.data as SweepRow | null, error: r.error, status: r.status };
}

async function startOk(who: Caller, campusId: string, group: string, kind = 'lockup'): Promise<SweepRow> {
  const r = await start(who, campusId, group, kind);
  expect(r.error).toBeNull();
  return r.data!;
}

beforeAll(async () => {
  t = await startTestStack();
  project = await t.createTenant();
  const db = project.engine;
  const names: Record<string, [string, string]> = {
    regular_user: ['Daniel', 'Reyes'],
    office_staff: ['Patricia', 'Moore'],
    transportation_admin: ['Linda', 'Nguyen'],
    security_admin: ['James', 'Carter'],
    super_admin: ['Maria', 'Gonzalez'],
  };
  for (const [role, [first_name, last_name]] of Object.entries(names))
    uids[role as Exclude<Caller, 'anon' | 'support' | 'inactive'>] = await createTenantUser(db, {
      role: role as 'regular_user',
      first_name,
      last_name,
    });
  uids.inactive = await createTenantUser(db, { role: 'security_admin', active: false });
  uids.support = newId();
  const sessionId = await insert('support_sessions', supportSessionRow(uids.support));
  const token = (sub: string, extra: Record<string, unknown> = {}) =>
    signJwt(project.keys.jwtSecret, { sub, role: 'authenticated', aud: 'authenticated', ...extra }, 3600);
  // supabase-js sends this bearer instead of the anon key: the caller's session.
  const client = (jwt: string) =>
    createClient(t.stack.tenantUrl(project.ref), project.keys.anonKey, {
      global: { fetch: t.fetch, headers: { Authorization: `Bearer ${jwt}` } },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  clients.anon = t.tenantClient(project);
  for (const c of CALLERS) {
    if (c === 'anon') continue;
    clients[c] = client(await token(uids[c], c === 'support' ? { support_session: sessionId } : {}));
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('who reads', () => {
  beforeAll(async () => {
    const { campusId } = await campusWith({ EA1: ['exterior'] });
    const s = await startOk('security_admin', campusId, 'exterior');
    await end('security_admin', s.id);
  });

  it.each(CALLERS)('%s', async (caller) => {
    for (const table of TABLES) {
      const { data, error } = await clients[caller].from(table).select('id');
      expect({ table, error }).toEqual({ table, error: null });
      if (SIGNED_IN.includes(caller)) expect(data!.length, table).toBeGreaterThan(0);
      else expect(data, table).toEqual([]);
    }
  });
});

describe('no client writes the tables directly', () => {
  let sweepId: string;
  let sweepDoorId: string;
  let changeId: string;
  let before: string;

  beforeAll(async () => {
    const { campusId } = await campusWith({ EA1: ['exterior'] });
    const s = await startOk('super_admin', campusId, 'exterior');
    sweepId = s.id;
    sweepDoorId = (await sql<{ id: string }>(`select id from public.sweep_doors where sweep_id = $1`, [sweepId]))[0]!.id;
    changeId = (await sql<{ id: string }>(`select id from public.check_interval_changes limit 1`))[0]!.id;
    before = await snapshot();
  });

  async function snapshot(): Promise<string> {
    const rows = await sql(
      `select (select json_agg(s order by id) from public.sweeps s)::text a,
              (select json_agg(d order by id) from public.sweep_doors d)::text b,
              (select json_agg(c order by id) from public.check_interval_changes c)::text c`,
    );
    return JSON.stringify(rows);
  }

  it.each(CALLERS)('%s: insert refused, update and delete change nothing', async (caller) => {
    const c = clients[caller];
    const rows: Record<(typeof TABLES)[number], Record<string, unknown>> = {
      sweeps: { campus_id: (await sql<{ id: string }>(`select id from public.campus limit 1`))[0]!.id, kind: 'other', door_group: 'x' },
      sweep_doors: {
        sweep_id: sweepId,
        door_id: (await sql<{ id: string }>(`select id from public.doors limit 1`))[0]!.id,
        door_number: 'Z',
      },
      check_interval_changes: { hours: 2, effective_at: iso(Date.now()) },
    };
    const ids = { sweeps: sweepId, sweep_doors: sweepDoorId, check_interval_changes: changeId };
    const patch = { sweeps: { ended_at: iso(Date.now()) }, sweep_doors: { outcome: 'secured' }, check_interval_changes: { hours: 1 } };
    for (const table of TABLES) {
      const ins = await c.from(table).insert(rows[table]).select('id');
      expect({ table, code: ins.error?.code, status: ins.status }).toEqual({ table, code: '42501', status: caller === 'anon' ? 401 : 403 });
      const upd = await c.from(table).update(patch[table]).eq('id', ids[table]).select('id');
      expect({ table, error: upd.error, data: upd.data }).toEqual({ table, error: null, data: [] });
      const del = await c.from(table).delete().eq('id', ids[table]).select('id');
      expect({ table, error: del.error, data: del.data }).toEqual({ table, error: null, data: [] });
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('who starts and ends a sweep', () => {
  it.each(CALLERS.filter((c) => !SWEEPERS.includes(c)))('%s may not start or end one, and is told why', async (caller) => {
    const { campusId } = await campusWith({ EA1: ['exterior'] });
    const s = await start(caller, campusId, 'exterior');
    expect(s.data).toBeNull();
    expect(s.error?.code).toBe('42501');
    if (caller === 'anon') {
      expect(s.status).toBe(401);
    } else {
      expect(s.status).toBe(403);
      expect(s.error?.message).toBe('Only security admins and super admins start sweeps.');
    }
    const running = await startOk('security_admin', campusId, 'exterior');
    const e = await end(caller, running.id);
    expect([e.error?.code, e.status]).toEqual(['42501', caller === 'anon' ? 401 : 403]);
    if (caller !== 'anon') expect(e.error?.message).toBe('Only security admins and super admins end sweeps.');
    const [row] = await sql<{ n: number; ended: boolean }>(
      `select count(*)::int n, bool_and(ended_at is not null) ended from public.sweeps where campus_id = $1`,
      [campusId],
    );
    expect(row).toEqual({ n: 1, ended: false });
  });

  it.each(SWEEPERS)('%s starts and ends one; who and when come from the session and the server', async (caller) => {
    const { campusId } = await campusWith({ EA1: ['exterior'], EA2: ['exterior', 'gym'], D101: ['classroom'], EA9: ['exterior'] });
    await project.engine.query(`update public.doors set deleted_at = now() where campus_id = $1 and door_number = 'EA9'`, [campusId]);
    const t0 = Date.now();
    const s = await startOk(caller, campusId, '  Exterior ', 'lockdown_drill');
    const name = { security_admin: 'James Carter', super_admin: 'Maria Gonzalez', support: 'Support' }[caller as 'support'];
    expect(s).toMatchObject({
      campus_id: campusId,
      kind: 'lockdown_drill',
      door_group: 'exterior',
      note: null,
      started_by: uids[caller as 'support'],
      started_by_name: name,
      ended_at: null,
    });
    expect(Math.abs(ms(s.started_at) - t0)).toBeLessThan(MIN);
    const doors = await sweepDoors(s.id);
    expect(Object.keys(doors).sort()).toEqual(['EA1', 'EA2']);
    expect(Object.values(doors).every((d) => d.outcome === null && d.checked_at === null)).toBe(true);

    const e = await end(caller, s.id);
    expect(e.error).toBeNull();
    expect(e.data).toMatchObject({ id: s.id, ended_by: uids[caller as 'support'], ended_by_name: name });
    expect(ms(e.data!.ended_at)).toBeGreaterThanOrEqual(ms(s.started_at));
    expect(Math.abs(ms(e.data!.ended_at) - Date.now())).toBeLessThan(MIN);
  });

  it('keeps a note trimmed, a blank note as none', async () => {
    const { campusId } = await campusWith({ G1: ['gym'] });
    const a = await start('security_admin', campusId, 'gym', 'fire_drill', '  Announced at 9:00  ');
    expect(a.data?.note).toBe('Announced at 9:00');
    await end('security_admin', a.data!.id);
    const b = await start('security_admin', campusId, 'gym', 'other', '   ');
    expect(b.data?.note).toBeNull();
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const { campusId } = await campusWith({ EA1: ['exterior'], D101: ['classroom'] });
    const inactive = await campusWith({ EA1: ['exterior'] }, false);
    const removed = await campusWith({ EA1: ['exterior'] });
    await project.engine.query(`update public.campus set deleted_at = now() where id = $1`, [removed.campusId]);
    const cases: [string, string, string, string | null, string][] = [
      [campusId, 'evacuation', 'exterior', null, 'Unknown sweep kind: use lockdown_drill, fire_drill, lockup or other.'],
      [campusId, 'lockup', 'ext!', null, 'A door group is 1 to 40 letters, digits, spaces, - or _.'],
      [campusId, 'lockup', '', null, 'A door group is 1 to 40 letters, digits, spaces, - or _.'],
      [campusId, 'lockup', 'x'.repeat(41), null, 'A door group is 1 to 40 letters, digits, spaces, - or _.'],
      [campusId, 'lockup', 'exterior', 'n'.repeat(501), 'Keep the note under 500 characters.'],
      [campusId, 'lockup', 'gym', null, 'No doors of this group on this campus.'],
      [newId(), 'lockup', 'exterior', null, 'Unknown campus.'],
      [removed.campusId, 'lockup', 'exterior', null, 'Unknown campus.'],
      [inactive.campusId, 'lockup', 'exterior', null, 'This campus is inactive.'],
    ];
    for (const [campus, kind, group, note, message] of cases) {
      const r = await start('security_admin', campus, group, kind, note);
      expect({ status: r.status, code: r.error?.code, message: r.error?.message }).toEqual({ status: 400, code: '22023', message });
    }
    const unknown = await end('security_admin', newId());
    expect([unknown.status, unknown.error?.message]).toEqual([400, 'Unknown sweep.']);
    expect(await sql(`select id from public.sweeps where campus_id = any ($1)`, [[campusId, inactive.campusId, removed.campusId]])).toEqual(
      [],
    );
  });
});

describe('one running sweep per campus', () => {
  it('of two starts at once exactly one succeeds; the other gets 409 and the reason', async () => {
    const { campusId } = await campusWith({ EA1: ['exterior'], G1: ['gym'] });
    const results = await Promise.all([start('security_admin', campusId, 'exterior'), start('super_admin', campusId, 'gym')]);
    const ok = results.filter((r) => r.error === null);
    const refused = results.filter((r) => r.error !== null);
    expect(ok).toHaveLength(1);
    expect(refused.map((r) => [r.status, r.error?.code, r.error?.message])).toEqual([
      [409, '23505', 'A sweep is already running on this campus.'],
    ]);
    const rows = await sql<{ id: string }>(`select id from public.sweeps where campus_id = $1`, [campusId]);
    expect(rows.map((r) => r.id)).toEqual([ok[0]!.data!.id]);
    // Only the started sweep's doors were written.
    expect(
      (
        await sql(
          `select 1 from public.sweep_doors where sweep_id <> $1 and door_id in (select id from public.doors where campus_id = $2)`,
          [ok[0]!.data!.id, campusId],
        )
      ).length,
    ).toBe(0);
  });

  it('another campus may run one at the same time, and a new one may start after the end', async () => {
    const a = await campusWith({ EA1: ['exterior'] });
    const b = await campusWith({ EA1: ['exterior'] });
    const first = await startOk('security_admin', a.campusId, 'exterior');
    await startOk('security_admin', b.campusId, 'exterior');
    expect((await start('super_admin', a.campusId, 'exterior')).status).toBe(409);
    await end('security_admin', first.id);
    const again = await end('super_admin', first.id);
    expect([again.status, again.error?.code, again.error?.message]).toEqual([409, 'PT409', 'This sweep has already ended.']);
    const second = await startOk('super_admin', a.campusId, 'exterior');
    expect(second.id).not.toBe(first.id);
  });
});

describe('door checks fill the outcomes', () => {
  it('secured or problem, the latest check in the window wins, whatever order they arrive in', async () => {
    const { campusId, doors } = await campusWith({ EA1: ['exterior'], EA2: ['exterior'], EA3: ['exterior'], EA4: ['exterior'] });
    const s = await startOk('security_admin', campusId, 'exterior');
    const t0 = ms(s.started_at);
    await check(doors.EA1!, t0 + MIN, 'operational', null);
    // 'none' is no problem, as for work orders (door_check_fails).
    await check(doors.EA2!, t0 + MIN, 'operational', ' none ');
    const late = await check(doors.EA3!, t0 + 3 * MIN, 'operational', 'Does not latch');
    await check(doors.EA3!, t0 + 2 * MIN, 'operational', null);
    const first = await check(doors.EA4!, t0 + MIN, 'out_of_service', null, uids.security_admin);
    const after = await sweepDoors(s.id);
    expect(after.EA1).toMatchObject({
      outcome: 'secured',
      problem: null,
      checked_at: t0 + MIN,
      checked_by: uids.regular_user,
      checked_by_name: 'Daniel Reyes',
    });
    expect(after.EA2).toMatchObject({ outcome: 'secured', problem: null });
    expect(after.EA3).toMatchObject({ outcome: 'problem', problem: 'Does not latch', door_log_id: late, checked_at: t0 + 3 * MIN });
    expect(after.EA4).toMatchObject({
      outcome: 'problem',
      problem: 'Door reported out of service',
      door_log_id: first,
      checked_by: uids.security_admin,
      checked_by_name: 'James Carter',
    });
    // A later passing check replaces the problem.
    const fixed = await check(doors.EA4!, t0 + 2 * MIN);
    expect((await sweepDoors(s.id)).EA4).toMatchObject({ outcome: 'secured', problem: null, door_log_id: fixed });
  });

  it('a check before the start does not count; one recorded during the sweep counts even when it arrives after the end; one after the end does not', async () => {
    const { campusId, doors } = await campusWith({ EA1: ['exterior'], EA2: ['exterior'], EA3: ['exterior'] });
    const s = await startOk('security_admin', campusId, 'exterior');
    const t0 = ms(s.started_at);
    await check(doors.EA1!, t0 - MIN);
    expect((await sweepDoors(s.id)).EA1!.outcome).toBeNull();
    const e = await end('security_admin', s.id);
    const t1 = ms(e.data!.ended_at);
    const offline = await check(doors.EA2!, t0 + (t1 - t0) / 2, 'maintenance', 'Closer leaking');
    await check(doors.EA3!, t1 + MIN);
    await check(doors.EA2!, t1 + MIN);
    const after = await sweepDoors(s.id);
    expect(after.EA1!.outcome).toBeNull();
    expect(after.EA2).toMatchObject({ outcome: 'problem', door_log_id: offline, problem: 'Closer leaking' });
    expect(after.EA3!.outcome).toBeNull();
  });

  it("an officer's check through the API counts as theirs; a replay or a batch through the sync path inserts once", async () => {
    const { campusId, doors } = await campusWith({ EA1: ['exterior'], EA2: ['exterior'], EA3: ['exterior'] });
    const s = await startOk('security_admin', campusId, 'exterior');
    const officer = clients.regular_user;
    const batch = [
      { id: newId(), door_id: doors.EA1, user_id: uids.regular_user, door_status: 'operational', created_at: iso(Date.now()) },
      {
        id: newId(),
        door_id: doors.EA2,
        user_id: uids.regular_user,
        door_status: 'maintenance',
        door_problem: 'Hinge loose',
        created_at: iso(Date.now()),
      },
    ];
    // As the sync engine sends door_log: insert ... on conflict (id) do nothing.
    const sent = await officer.from('door_log').upsert(batch, { onConflict: 'id', ignoreDuplicates: true });
    expect(sent.error).toBeNull();
    const once = await sweepDoors(s.id);
    expect(once.EA1).toMatchObject({
      outcome: 'secured',
      door_log_id: batch[0]!.id,
      checked_by: uids.regular_user,
      checked_by_name: 'Daniel Reyes',
    });
    expect(once.EA2).toMatchObject({ outcome: 'problem', door_log_id: batch[1]!.id, problem: 'Hinge loose' });
    expect(once.EA3!.outcome).toBeNull();
    // The filled rows moved forward for the devices' pull; the untouched one did not.
    const [{ started }] = (await sql<{ started: unknown }>(`select updated_at started from public.sweeps where id = $1`, [s.id])) as [
      { started: unknown },
    ];
    expect(once.EA1!.updated_at).toBeGreaterThanOrEqual(ms(started));
    await new Promise((r) => setTimeout(r, 5));
    const replay = await officer.from('door_log').upsert(batch, { onConflict: 'id', ignoreDuplicates: true });
    expect(replay.error).toBeNull();
    expect(await sweepDoors(s.id)).toEqual(once);
    // The officer reads the outcome back as any device would pull it.
    const pulled = await officer.from('sweep_doors').select('door_number, outcome').eq('sweep_id', s.id).order('door_number');
    expect(pulled.data).toEqual([
      { door_number: 'EA1', outcome: 'secured' },
      { door_number: 'EA2', outcome: 'problem' },
      { door_number: 'EA3', outcome: null },
    ]);
  });

  it('two checks of one door in one sync batch: the later one decides, in either order in the batch', async () => {
    const { campusId, doors } = await campusWith({ EA1: ['exterior'], EA2: ['exterior'] });
    const s = await startOk('security_admin', campusId, 'exterior');
    // Both times after the start and neither ahead of the server's clock (a future time is filed at its arrival).
    await new Promise((r) => setTimeout(r, 1_500));
    const t = Date.now() - 1_200;
    const check = (door: string, status: string, at: number, problem: string | null = null) => ({
      id: newId(),
      door_id: door,
      user_id: uids.regular_user,
      door_status: status,
      door_problem: problem,
      created_at: iso(at),
    });
    const batch = [
      check(doors.EA1!, 'operational', t + 600),
      check(doors.EA1!, 'maintenance', t + 300, 'Latch sticks'),
      check(doors.EA2!, 'operational', t + 300),
      check(doors.EA2!, 'out_of_service', t + 600, 'Glass broken'),
    ];
    const sent = await clients.regular_user.from('door_log').upsert(batch, { onConflict: 'id', ignoreDuplicates: true });
    expect(sent.error).toBeNull();
    const got = await sweepDoors(s.id);
    expect(got.EA1).toMatchObject({ outcome: 'secured', door_log_id: batch[0]!.id });
    expect(got.EA2).toMatchObject({ outcome: 'problem', door_log_id: batch[3]!.id, problem: 'Glass broken' });
  });

  it('a check that committed with a time in the sweep before it started counts from the start', async () => {
    const { campusId, doors } = await campusWith({ EA1: ['exterior'] });
    const logId = await check(doors.EA1!, Date.now() + 10 * MIN);
    const s = await startOk('security_admin', campusId, 'exterior');
    expect((await sweepDoors(s.id)).EA1).toMatchObject({ outcome: 'secured', door_log_id: logId });
  });

  it('door groups edited mid-sweep change nothing', async () => {
    const { campusId, doors } = await campusWith({ EA1: ['exterior'], EA2: ['exterior'], D101: ['classroom'] });
    const s = await startOk('security_admin', campusId, 'exterior');
    const admin = clients.security_admin;
    expect((await admin.from('doors').update({ door_groups: [] }).eq('id', doors.EA2!).select('id')).data).toHaveLength(1);
    expect(
      (
        await admin
          .from('doors')
          .update({ door_groups: ['exterior', 'classroom'] })
          .eq('id', doors.D101!)
          .select('id')
      ).data,
    ).toHaveLength(1);
    await admin.from('doors').update({ door_number: 'EA1-renamed' }).eq('id', doors.EA1!);
    const t0 = ms(s.started_at);
    await check(doors.D101!, t0 + MIN);
    await check(doors.EA2!, t0 + MIN);
    const after = await sweepDoors(s.id);
    expect(Object.keys(after).sort()).toEqual(['EA1', 'EA2']);
    expect(after.EA2!.outcome).toBe('secured');
  });
});

describe('door group labels', () => {
  it('a security admin sets valid labels; a bad label is refused with 400 (23514) and changes nothing', async () => {
    const { doors } = await campusWith({ EA1: ['exterior'] });
    const admin = clients.security_admin;
    const ok = await admin
      .from('doors')
      .update({ door_groups: ['exterior', 'north wing', 'after-hours_2'] })
      .eq('id', doors.EA1!)
      .select('door_groups');
    expect(ok.data).toEqual([{ door_groups: ['exterior', 'north wing', 'after-hours_2'] }]);
    for (const bad of [['Exterior'], [' gym'], ['gym '], [''], ['x'.repeat(41)], ['gym', 'gym'], ['gym!'], ['a/b']]) {
      const r = await admin.from('doors').update({ door_groups: bad }).eq('id', doors.EA1!).select('id');
      expect({ bad, status: r.status, code: r.error?.code }).toEqual({ bad, status: 400, code: '23514' });
    }
    const nulls = await admin.from('doors').update({ door_groups: null }).eq('id', doors.EA1!).select('id');
    expect([nulls.status, nulls.error?.code]).toEqual([400, '23502']);
    const [row] = await sql<{ door_groups: string[] }>(`select door_groups from public.doors where id = $1`, [doors.EA1]);
    expect(row!.door_groups).toEqual(['exterior', 'north wing', 'after-hours_2']);
    // An officer still may not edit a door at all (the doors' own policies).
    const officer = await clients.regular_user
      .from('doors')
      .update({ door_groups: ['gym'] })
      .eq('id', doors.EA1!)
      .select('id');
    expect(officer.data).toEqual([]);
  });

  it('a new door starts in no group', async () => {
    const { doors } = await campusWith({});
    expect(doors).toEqual({});
    const campusId = await insert('campus', { campus_name: 'No groups' });
    const r = await clients.security_admin.from('doors').insert({ door_number: 'X1', campus_id: campusId }).select('door_groups');
    expect(r.data).toEqual([{ door_groups: [] }]);
  });
});

describe('check interval history', () => {
  async function history(): Promise<{ hours: number; effective_at: number }[]> {
    return (
      await sql<{ hours: number; effective_at: unknown }>(
        `select hours, effective_at from public.check_interval_changes order by effective_at, created_at`,
      )
    ).map((r) => ({ hours: r.hours, effective_at: ms(r.effective_at) }));
  }

  it('starts with the value in force from the beginning, and gets a row only when the interval changes', async () => {
    const start0 = await history();
    expect(start0[0]).toEqual({ hours: 24, effective_at: Date.parse('2000-01-01T00:00:00Z') });
    const admin = clients.security_admin;
    await project.engine.query(`delete from public.check_interval_changes where effective_at > '2000-01-01'`);
    const set = async (value: string | null) => {
      const r = await admin
        .from('tenant_settings')
        .upsert({ setting_key: 'check_interval_hours', setting_value: value }, { onConflict: 'setting_key' });
      expect(r.error).toBeNull();
    };
    const t0 = Date.now();
    await set('24');
    expect((await history()).map((h) => h.hours)).toEqual([24]);
    await set('12');
    await set(' 12 ');
    await set('12');
    const h = await history();
    expect(h.map((x) => x.hours)).toEqual([24, 12]);
    expect(Math.abs(h[1]!.effective_at - t0)).toBeLessThan(MIN);
    // Unusable values mean the default, as everywhere the interval is read.
    await set('abc');
    expect((await history()).map((x) => x.hours)).toEqual([24, 12, 24]);
    await set('6');
    // Removing the setting brings the default back.
    await admin
      .from('tenant_settings')
      .update({ deleted_at: iso(Date.now()) })
      .eq('setting_key', 'check_interval_hours');
    expect((await history()).map((x) => x.hours)).toEqual([24, 12, 24, 6, 24]);
    // Other settings leave it alone.
    await admin
      .from('tenant_settings')
      .upsert({ setting_key: 'missed_check_grace_percent', setting_value: '50' }, { onConflict: 'setting_key' });
    expect(await history()).toHaveLength(5);
    // An officer may not change the setting, so no history either.
    await clients.regular_user.from('tenant_settings').update({ setting_value: '2' }).eq('setting_key', 'check_interval_hours');
    expect(await history()).toHaveLength(5);
    // Two changes in one transaction keep their order: the last is the one in force.
    await project.engine.query(`do $$ begin
      update public.tenant_settings set setting_value = '3', deleted_at = null where setting_key = 'check_interval_hours';
      update public.tenant_settings set setting_value = '5' where setting_key = 'check_interval_hours';
    end $$`);
    // (On a clock that did not tick between them, the second replaces the first.)
    const last = (await history()).map((x) => x.hours);
    expect([last.slice(5), last.length]).toEqual(last.length === 7 ? [[3, 5], 7] : [[5], 6]);
    const [times] = await sql<{ n: number }>(`select count(distinct effective_at)::int n from public.check_interval_changes`);
    expect(times!.n).toBe(last.length);
  });
});
