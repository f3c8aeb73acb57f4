/**
 * The demo seed on a fresh stack: every demo account exists with its role,
 * the seed files load on both engines, the data looks current, and seeding
 * twice changes nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_LICENCE_KEYS, DEMO_PASSWORD, DEMO_TENANTS } from '../../supabase/local/demo';
import type { EngineConfig } from '../../supabase/local/project';
import { seedDemo } from '../../supabase/local/seed';
import { Stack } from '../../supabase/local/stack';

let stack: Stack;
const url = process.env.DATABASE_URL;
const prefix = `test_${randomBytes(4).toString('hex')}_`;

beforeAll(async () => {
  const config: EngineConfig = url ? { kind: 'postgres', url, prefix } : { kind: 'pglite', dataDir: null };
  stack = await Stack.open(config, 'http://stack.test');
  await seedDemo(stack);
});

afterAll(async () => {
  await stack?.close();
  if (!url) return;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const dbs = await c.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${prefix}%`]);
    for (const d of dbs.rows) await c.query(`drop database if exists "${d.datname}" with (force)`);
  } finally {
    await c.end();
  }
});

async function counts(slug: string): Promise<Record<string, number>> {
  const project = (await stack.tenant(slug))!;
  const r = await project.engine.query<Record<string, number>>(
    `select (select count(*)::int from public.users) users, (select count(*)::int from public.campus) campus,
            (select count(*)::int from public.doors) doors, (select count(*)::int from public.door_log) door_log,
            (select count(*)::int from public.maintenance_records) maintenance, (select count(*)::int from public.incidents) incidents,
            (select count(*)::int from public.vehicles) vehicles, (select count(*)::int from public.parking_permits) permits`,
  );
  return r.rows[0]!;
}

describe('demo seed', () => {
  it('creates the staff profiles with the demo password', async () => {
    const r = await stack.platform.engine.query<{ email: string; is_staff_admin: boolean; encrypted_password: string }>(
      `select s.email, s.is_staff_admin, a.encrypted_password from public."Staff" s join auth.users a on a.id = s.id order by s.email`,
    );
    expect(r.rows.map((x) => [x.email, x.is_staff_admin])).toEqual([
      ['admin@lockstep.test', true],
      ['staff@lockstep.test', false],
    ]);
    expect(await bcrypt.compare(DEMO_PASSWORD, r.rows[0]!.encrypted_password)).toBe(true);
  });

  it('registers the demo tenants with hashed licences and their features', async () => {
    for (const t of DEMO_TENANTS) {
      const r = await stack.platform.engine.query<{ key_hash: string; key_last4: string; features: string[] }>(
        `select k.key_hash, k.key_last4,
                array(select f.feature_name from public.tenant_features f where f.tenant_id = t.id order by 1) features
           from public."Tenants" t join public."LicenseKeys" k on k.tenant_id = t.id and k.status = 'active' where t.slug = $1`,
        [t.slug],
      );
      const clear = DEMO_LICENCE_KEYS[t.slug]!;
      expect(r.rows[0]).toEqual({
        key_hash: createHash('sha256').update(clear).digest('hex'),
        key_last4: clear.slice(-4),
        features: t.features.map((f) => f.feature_name).sort(),
      });
    }
  });

  it('gives every demo tenant account its users row and role', async () => {
    for (const account of DEMO_ACCOUNTS.filter((a) => a.where !== 'platform')) {
      const project = (await stack.tenant(account.where))!;
      const r = await project.engine.query<{ role: string; require_password_change: boolean; meta: unknown }>(
        `select u.role, u.require_password_change, a.raw_user_meta_data meta from public.users u join auth.users a on a.id = u.id where u.email = $1`,
        [account.email],
      );
      expect(r.rows[0], account.email).toMatchObject({
        role: account.role,
        require_password_change: account.requirePasswordChange ?? false,
      });
      expect(r.rows[0]!.meta).toMatchObject({ first_name: account.firstName, last_name: account.lastName });
    }
  });

  it('loads a realistic lincoln-isd and a smaller riverside-college', async () => {
    const lincoln = await counts('lincoln-isd');
    expect(lincoln).toMatchObject({ users: 7, campus: 2, doors: 44, incidents: 5, vehicles: 6, permits: 10 });
    expect(lincoln.door_log).toBeGreaterThan(500);
    expect(lincoln.maintenance).toBeGreaterThan(3);
    const riverside = await counts('riverside-college');
    expect(riverside).toMatchObject({ users: 2, campus: 1, doors: 10, vehicles: 0 });
  });

  it('links the driver account to the driver of route R1 on Bus 1', async () => {
    const project = (await stack.tenant('lincoln-isd'))!;
    const r = await project.engine.query<{ email: string; route_number: string; bus_number: string }>(
      `select u.email, r.route_number, b.bus_number
         from public.bus_drivers d
         join public.users u on u.id = d.user_id
         join public.routes r on r.driver_id = d.id
         join public.buses b on b.id = r.bus_id
        where d.user_id is not null`,
    );
    expect(r.rows).toEqual([{ email: 'driver@lincoln-isd.test', route_number: 'R1', bus_number: 'Bus 1' }]);
  });

  it('gives the fleet oil change readings: one active vehicle past 3,000 miles, one with none', async () => {
    const project = (await stack.tenant('lincoln-isd'))!;
    const r = await project.engine.query<{ vehicle_number: string; since: number | null }>(
      `select vehicle_number, mileage - oil_change_mileage since from public.vehicles where active order by vehicle_number`,
    );
    expect(r.rows.filter((v) => v.since !== null && v.since >= 3000).map((v) => v.vehicle_number)).toEqual(['LISD-05']);
    expect(r.rows.filter((v) => v.since === null).map((v) => v.vehicle_number)).toEqual(['LISD-06']);
  });

  it('has pre-trip inspections with the phone checklist, one failed item and its one open maintenance record', async () => {
    const project = (await stack.tenant('lincoln-isd'))!;
    const inspections = await project.engine.query<{ id: string; pre_trip_ok: boolean; keys: string[]; recorded_by: string | null }>(
      `select id, pre_trip_ok, recorded_by, array(select i ->> 'key' from jsonb_array_elements(details -> 'items') i) keys
         from public.bus_log where kind = 'pre_trip' order by started_at`,
    );
    expect(inspections.rows.length).toBeGreaterThanOrEqual(9);
    for (const i of inspections.rows) {
      expect(i.keys).toEqual([
        'brakes',
        'tires',
        'lights',
        'mirrors',
        'stop_arm',
        'emergency_exits',
        'first_aid',
        'horn_wipers',
        'seats',
        'fluids',
      ]);
      expect(i.recorded_by).not.toBeNull();
    }
    const failed = inspections.rows.filter((i) => !i.pre_trip_ok);
    expect(failed).toHaveLength(1);
    const open = await project.engine.query<{ bus_log_id: string | null; description: string; vehicle_number: string }>(
      `select m.bus_log_id, m.description, v.vehicle_number
         from public.vehicle_maintenance m join public.vehicles v on v.id = m.vehicle_id where m.status = 'open'`,
    );
    expect(open.rows).toEqual([
      {
        bus_log_id: failed[0]!.id,
        description: 'Pre-trip inspection failed: Lights and signals: Right rear brake light out',
        vehicle_number: 'LISD-03',
      },
    ]);
  });

  it('has a completed six-minute drill on Bus 1 accounting for every R1 rider', async () => {
    const project = (await stack.tenant('lincoln-isd'))!;
    const drill = await project.engine.query<{ id: string; minutes: number; roster_size: number; bus_number: string }>(
      `select l.id, extract(epoch from l.ended_at - l.started_at)::int / 60 minutes, (l.details ->> 'roster_size')::int roster_size, b.bus_number
         from public.bus_log l join public.buses b on b.id = l.bus_id where l.kind = 'drill'`,
    );
    expect(drill.rows).toEqual([{ id: expect.any(String), minutes: 6, roster_size: 5, bus_number: 'Bus 1' }]);
    const marks = await project.engine.query<{ student_id: string }>(
      `select e.student_id from public.student_ride_events e where e.bus_log_id = $1 and e.event_type = 'accounted_for' order by 1`,
      [drill.rows[0]!.id],
    );
    const riders = await project.engine.query<{ student_id: string }>(
      `select sr.student_id from public.student_routes sr join public.routes r on r.id = sr.route_id
        where r.route_number = 'R1' and sr.active order by 1`,
    );
    expect(marks.rows).toEqual(riders.rows);
    expect(riders.rows).toHaveLength(5);
  });

  it('ends the door logs just before now, across three weeks', async () => {
    const project = (await stack.tenant('lincoln-isd'))!;
    const r = await project.engine.query<{ newest_ok: boolean; span_days: number; future: number }>(
      `select max(created_at) > now() - interval '1 day' newest_ok,
              extract(day from max(created_at) - min(created_at))::int span_days,
              count(*) filter (where created_at > now())::int future
         from public.door_log`,
    );
    expect(r.rows[0]).toEqual({ newest_ok: true, span_days: 20, future: 0 });
  });

  it('can run twice', async () => {
    const before = await counts('lincoln-isd');
    await seedDemo(stack);
    expect(await counts('lincoln-isd')).toEqual(before);
    const licences = await stack.platform.engine.query(`select 1 from public."LicenseKeys"`);
    expect(licences.rows.length).toBe(2);
  });
});
