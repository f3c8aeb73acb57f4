/**
 * Failing door checks open maintenance records and passing checks resolve
 * them (migration 20261122000600): one open record per door, idempotent
 * under replays, order-safe when offline checks arrive late, and done with
 * the officer's own rights (who may not update maintenance records).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../supabase/local/project';
import { newId, run, SERVICE, type TestProjects } from './helpers/db';
import { openFixtureTenant, type TenantFixtures } from './helpers/tenant-fixtures';

let projects: TestProjects;
let tenant: Project;
let fx: TenantFixtures;

beforeAll(async () => {
  ({ projects, tenant, fx } = await openFixtureTenant());
});

afterAll(async () => {
  await projects?.close();
});

async function newDoor(): Promise<string> {
  const r = await tenant.engine.query<{ id: string }>(`insert into public.doors (door_number, campus_id) values ($1, $2) returning id`, [
    `T${newId().slice(0, 6)}`,
    fx.parents.campusId,
  ]);
  return r.rows[0]!.id;
}

interface Check {
  id?: string;
  door_status?: string;
  door_problem?: string | null;
  created_at?: string;
}

/** Records a check as the officer exactly as the sync engine replays it. */
async function check(doorId: string, c: Check = {}): Promise<string> {
  const id = c.id ?? newId();
  await run(
    tenant.engine,
    fx.claims.regular_user,
    `insert into public.door_log (id, door_id, user_id, door_status, door_problem, created_at)
     values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
    [id, doorId, fx.uids.regular_user, c.door_status ?? 'operational', c.door_problem ?? null, c.created_at ?? new Date().toISOString()],
  );
  return id;
}

async function records(doorId: string) {
  const r = await tenant.engine.query<{
    id: string;
    status: string;
    source_door_log_id: string | null;
    priority: string;
    description: string;
    door_name: string;
    created_by: string | null;
    resolved_at: string | null;
  }>(
    `select id, status, source_door_log_id, priority, description, door_name, created_by, resolved_at
       from public.maintenance_records where door_id = $1 order by created_at, id`,
    [doorId],
  );
  return r.rows;
}

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

describe('a failing check opens one maintenance record', () => {
  it.each([
    ['status maintenance', { door_status: 'maintenance' }],
    ['status out_of_service', { door_status: 'out_of_service' }],
    ['a problem noted on an operational door', { door_status: 'operational', door_problem: 'Closer leaking oil' }],
  ])('%s', async (_name, c) => {
    const door = await newDoor();
    const logId = await check(door, c);
    const rows = await records(door);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'open',
      source_door_log_id: logId,
      created_by: fx.uids.regular_user,
    });
    expect(rows[0]!.door_name).toMatch(/^T.+ \(Main Campus\)$/);
  });

  it('out_of_service is high priority, maintenance medium; the problem is the description', async () => {
    const a = await newDoor();
    await check(a, {
      door_status: 'out_of_service',
      door_problem: 'Glass cracked',
    });
    expect((await records(a))[0]).toMatchObject({
      priority: 'high',
      description: 'Glass cracked',
    });
    const b = await newDoor();
    await check(b, { door_status: 'maintenance' });
    expect((await records(b))[0]).toMatchObject({
      priority: 'medium',
      description: 'Door reported maintenance',
    });
  });

  it.each([[null], [''], ['  '], ['no'], ['None'], ['NO ']])('a passing check with problem %j opens nothing', async (problem) => {
    const door = await newDoor();
    await check(door, { door_status: 'operational', door_problem: problem });
    expect(await records(door)).toEqual([]);
  });

  it('no duplicate while one is open: three failing checks, one record', async () => {
    const door = await newDoor();
    const first = await check(door, {
      door_status: 'maintenance',
      created_at: at(30),
    });
    await check(door, { door_status: 'out_of_service', created_at: at(20) });
    await check(door, { door_problem: 'Hinge loose', created_at: at(10) });
    const rows = await records(door);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source_door_log_id).toBe(first);
  });

  it('a record being worked on (in_progress) still counts as open', async () => {
    const door = await newDoor();
    await check(door, { door_status: 'maintenance', created_at: at(30) });
    await tenant.engine.query(`update public.maintenance_records set status = 'in_progress' where door_id = $1`, [door]);
    await check(door, { door_status: 'maintenance', created_at: at(20) });
    expect(await records(door)).toHaveLength(1);
  });

  it('a record someone opened by hand does not stop the automatic one', async () => {
    const door = await newDoor();
    await tenant.engine.query(`insert into public.maintenance_records (door_id, description) values ($1, 'Paint')`, [door]);
    await check(door, { door_status: 'maintenance' });
    const rows = await records(door);
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.source_door_log_id)).toHaveLength(1);
  });
});

describe('a passing check resolves the open record', () => {
  it('fail, then pass: resolved; fail again: a new record', async () => {
    const door = await newDoor();
    const f1 = await check(door, {
      door_status: 'maintenance',
      created_at: at(30),
    });
    await check(door, { door_status: 'operational', created_at: at(20) });
    let rows = await records(door);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'resolved',
      source_door_log_id: f1,
    });
    expect(rows[0]!.resolved_at).toBeTruthy();
    const f2 = await check(door, {
      door_problem: 'Door does not latch',
      created_at: at(10),
    });
    rows = await records(door);
    expect(rows.map((r) => [r.status, r.source_door_log_id])).toEqual([
      ['resolved', f1],
      ['open', f2],
    ]);
  });

  it('resolves only automatic records: a hand-made one stays open', async () => {
    const door = await newDoor();
    await tenant.engine.query(`insert into public.maintenance_records (door_id, description) values ($1, 'Paint')`, [door]);
    await check(door, { door_status: 'maintenance', created_at: at(30) });
    await check(door, { created_at: at(20) });
    const rows = await records(door);
    expect(rows.find((r) => !r.source_door_log_id)?.status).toBe('open');
    expect(rows.find((r) => r.source_door_log_id)?.status).toBe('resolved');
  });

  it('never touches another door', async () => {
    const a = await newDoor();
    const b = await newDoor();
    await check(a, { door_status: 'maintenance', created_at: at(30) });
    await check(b, { created_at: at(20) });
    expect((await records(a))[0]!.status).toBe('open');
  });

  it('the officer could not have done it directly: the trigger acts with its own rights', async () => {
    const door = await newDoor();
    await check(door, { door_status: 'maintenance', created_at: at(30) });
    const direct = await run(
      tenant.engine,
      fx.claims.regular_user,
      `update public.maintenance_records set status = 'resolved' where door_id = $1`,
      [door],
    );
    expect(direct.affectedRows ?? 0).toBe(0);
    await check(door, { created_at: at(20) });
    expect((await records(door))[0]!.status).toBe('resolved');
  });
});

describe('replays and late arrivals', () => {
  it('replaying the same failing check (on conflict do nothing) changes nothing', async () => {
    const door = await newDoor();
    const id = newId();
    for (let i = 0; i < 3; i++)
      await check(door, {
        id,
        door_status: 'out_of_service',
        created_at: at(5),
      });
    expect(await records(door)).toHaveLength(1);
    const n = await tenant.engine.query<{ n: number }>(`select count(*)::int as n from public.door_log where door_id = $1`, [door]);
    expect(n.rows[0]!.n).toBe(1);
  });

  it('replaying a passing check after a new failure does not resolve the new record', async () => {
    const door = await newDoor();
    const pass = newId();
    await check(door, { door_status: 'maintenance', created_at: at(30) });
    await check(door, { id: pass, created_at: at(20) });
    await check(door, { door_status: 'maintenance', created_at: at(10) });
    await check(door, { id: pass, created_at: at(20) });
    expect((await records(door)).map((r) => r.status)).toEqual(['resolved', 'open']);
  });

  it('a failing check that arrives after a newer passing check is recorded already resolved', async () => {
    const door = await newDoor();
    await check(door, { created_at: at(10) });
    const late = await check(door, {
      door_status: 'maintenance',
      door_problem: 'Hinge loose',
      created_at: at(60),
    });
    const rows = await records(door);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'resolved',
      source_door_log_id: late,
    });
  });

  it('a passing check that arrives late does not resolve a newer failure', async () => {
    const door = await newDoor();
    await check(door, { door_status: 'maintenance', created_at: at(10) });
    await check(door, { created_at: at(60) });
    expect((await records(door))[0]!.status).toBe('open');
  });

  it('several failing checks of one door in one batch open one record', async () => {
    const door = await newDoor();
    await run(
      tenant.engine,
      fx.claims.regular_user,
      `insert into public.door_log (id, door_id, user_id, door_status, created_at)
       select gen_random_uuid(), $1, $2, 'maintenance', now() - g * interval '1 minute' from generate_series(1, 5) g
       on conflict do nothing`,
      [door, fx.uids.regular_user],
    );
    expect(await records(door)).toHaveLength(1);
  });

  it('checks the server records with the service key open records too', async () => {
    const door = await newDoor();
    await run(tenant.engine, SERVICE, `insert into public.door_log (door_id, user_id, door_status) values ($1, $2, 'maintenance')`, [
      door,
      fx.uids.regular_user,
    ]);
    expect(await records(door)).toHaveLength(1);
  });

  it('the database owner (demo seed imports) brings its own records', async () => {
    const door = await newDoor();
    await tenant.engine.query(`insert into public.door_log (door_id, user_id, door_status) values ($1, $2, 'maintenance')`, [
      door,
      fx.uids.regular_user,
    ]);
    expect(await records(door)).toEqual([]);
  });
});

describe('the function', () => {
  it('is security definer with an empty search_path', async () => {
    const r = await tenant.engine.query<{
      prosecdef: boolean;
      proconfig: string[] | null;
    }>(`select prosecdef, proconfig from pg_proc where proname = 'door_log_maintenance' and pronamespace = 'public'::regnamespace`);
    expect(r.rows[0]?.prosecdef).toBe(true);
    expect(r.rows[0]?.proconfig).toEqual(expect.arrayContaining([expect.stringMatching(/^search_path=("")?$/)]));
  });

  it.each([
    ['operational', null, false],
    ['operational', 'none', false],
    ['maintenance', null, true],
    ['out_of_service', 'no', true],
    ['operational', 'Card reader offline', true],
  ])('door_check_fails(%s, %j) = %s', async (status, problem, expected) => {
    const r = await tenant.engine.query<{ f: boolean }>(`select public.door_check_fails($1, $2) as f`, [status, problem]);
    expect(r.rows[0]!.f).toBe(expected);
  });
});
