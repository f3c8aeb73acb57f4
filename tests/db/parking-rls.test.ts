/**
 * Student parking beyond the matrix (migration 20261126000100, decision 025):
 * officers' cells on their own violations, one permit in force per plate and
 * per spot, the plate key, who recorded and resolved a violation, and the
 * parking settings. Runs on PGlite, or PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../supabase/local/project';
import { plateKey, spotKey } from '../../src/features/student-parking/parking-rules';
import { attempt, insertSql, newId, run, SERVICE, type Outcome, type TestProjects } from './helpers/db';
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

function rows(o: Outcome): Record<string, unknown>[] {
  expect(o.kind, JSON.stringify(o)).toBe('rows');
  return o.kind === 'rows' ? o.rows : [];
}

function expectRefused(o: Outcome, code = '42501', message: RegExp = /violates row-level security policy/) {
  expect(o.kind === 'error' && o.code === code, JSON.stringify(o)).toBe(true);
  expect(o.kind === 'error' ? o.message : '').toMatch(message);
}

/** A violation committed as `caller` (the officer by default); returns its id. */
async function violationBy(caller: keyof TenantFixtures['claims'] = 'regular_user', row: Record<string, unknown> = {}): Promise<string> {
  const id = newId();
  const { sql, params } = insertSql('parking_violations', { id, license_plate: 'tx abc-123', violation_type: 'No permit', ...row });
  await run(tenant.engine, fx.claims[caller], sql, params);
  return id;
}

async function permit(row: Record<string, unknown>, caller: keyof TenantFixtures['claims'] = 'office_staff'): Promise<Outcome> {
  const { sql, params } = insertSql('parking_permits', { id: newId(), student_id: 'S9', student_name: 'Sam', ...row });
  return attempt(tenant.engine, fx.claims[caller], sql, params);
}

async function commitPermit(row: Record<string, unknown>): Promise<string> {
  const id = newId();
  const { sql, params } = insertSql('parking_permits', { id, student_id: 'S9', student_name: 'Sam', ...row });
  await run(tenant.engine, fx.claims.office_staff, sql, params);
  return id;
}

describe('officers in the lot (decision 025)', () => {
  it('an officer writes a violation as themselves, whatever the request says', async () => {
    const id = await violationBy('regular_user', { recorded_by: fx.uids.office_staff, resolved_by: fx.uids.office_staff });
    const [row] = rows(
      await attempt(
        tenant.engine,
        SERVICE,
        `select recorded_by, resolved_by, plate_key, status from public.parking_violations where id = $1`,
        [id],
      ),
    );
    expect(row).toEqual({ recorded_by: fx.uids.regular_user, resolved_by: null, plate_key: 'TXABC123', status: 'open' });
  });

  it('an officer cannot write a violation already resolved, nor a permit', async () => {
    const { sql, params } = insertSql('parking_violations', { id: newId(), violation_type: 'No permit', status: 'resolved' });
    expectRefused(await attempt(tenant.engine, fx.claims.regular_user, sql, params));
    expectRefused(await permit({ license_plate: 'OFF 1' }, 'regular_user'));
  });

  it('an officer corrects their own open violation, and a replayed insert of it passes', async () => {
    const id = await violationBy();
    const o = await attempt(
      tenant.engine,
      fx.claims.regular_user,
      `update public.parking_violations set description = 'Fixed typo' where id = $1`,
      [id],
    );
    expect(o).toMatchObject({ kind: 'rows', count: 1 });
    // The sync engine sends an insert as an upsert: a resend after a lost answer.
    const replay = await attempt(
      tenant.engine,
      fx.claims.regular_user,
      `insert into public.parking_violations (id, license_plate, violation_type) values ($1, 'tx abc-123', 'No permit')
         on conflict (id) do update set license_plate = excluded.license_plate, violation_type = excluded.violation_type returning id`,
      [id],
    );
    expect(replay).toMatchObject({ kind: 'rows', count: 1 });
  });

  it("an officer neither resolves nor removes a violation, nor changes another's", async () => {
    const own = await violationBy();
    const others = await violationBy('office_staff');
    const resolve = await attempt(
      tenant.engine,
      fx.claims.regular_user,
      `update public.parking_violations set status = 'resolved' where id = $1`,
      [own],
    );
    expectRefused(resolve);
    const remove = await attempt(
      tenant.engine,
      fx.claims.regular_user,
      `update public.parking_violations set deleted_at = now() where id = $1`,
      [own],
    );
    expectRefused(remove, '42501', /only office_staff, security_admin, super_admin may remove rows from parking_violations/);
    const hard = await attempt(tenant.engine, fx.claims.regular_user, `delete from public.parking_violations where id = $1`, [own]);
    expect(hard).toMatchObject({ kind: 'rows', count: 0 });
    const edit = await attempt(
      tenant.engine,
      fx.claims.regular_user,
      `update public.parking_violations set description = 'x' where id = $1`,
      [others],
    );
    expect(edit).toMatchObject({ kind: 'rows', count: 0 });
  });

  it('once the office resolves it, the officer can no longer change it', async () => {
    const id = await violationBy();
    await run(tenant.engine, fx.claims.office_staff, `update public.parking_violations set status = 'resolved' where id = $1`, [id]);
    const o = await attempt(
      tenant.engine,
      fx.claims.regular_user,
      `update public.parking_violations set description = 'late' where id = $1`,
      [id],
    );
    expect(o).toMatchObject({ kind: 'rows', count: 0 });
  });

  it('transportation admins and signed-out callers see no permit or violation', async () => {
    for (const caller of ['transportation_admin', 'anon', 'inactive'] as const) {
      const o = await attempt(
        tenant.engine,
        fx.claims[caller],
        `select ((select count(*) from public.parking_permits) + (select count(*) from public.parking_violations))::int as n`,
      );
      expect(rows(o)[0]).toEqual({ n: 0 });
    }
  });
});

describe('who resolved a violation, and when', () => {
  it('resolving stamps the resolver and the time from the server; reopening clears both', async () => {
    const id = await violationBy('security_admin');
    await run(
      tenant.engine,
      fx.claims.office_staff,
      `update public.parking_violations set status = 'resolved', resolved_by = $2, resolved_at = '2001-01-01' where id = $1`,
      [id, fx.uids.super_admin],
    );
    const read = () =>
      attempt(tenant.engine, SERVICE, `select recorded_by, resolved_by, resolved_at from public.parking_violations where id = $1`, [id]);
    const [resolved] = rows(await read());
    expect(resolved!.recorded_by).toBe(fx.uids.security_admin);
    expect(resolved!.resolved_by).toBe(fx.uids.office_staff);
    expect(new Date(String(resolved!.resolved_at)).getFullYear()).toBeGreaterThan(2001);
    await run(tenant.engine, fx.claims.office_staff, `update public.parking_violations set status = 'open' where id = $1`, [id]);
    const [reopened] = rows(await read());
    expect(reopened).toMatchObject({ resolved_by: null, resolved_at: null, recorded_by: fx.uids.security_admin });
  });
});

describe('one permit in force per plate and per spot', () => {
  it('the server keys plates and spots exactly as the app does', async () => {
    const samples = [
      'TX RBN-4471',
      ' tx.rbn_4471 ',
      'TX\tRBN\n4471',
      'TX\u00a0ABC\u2009123',
      'TX\u200bABC\u2013123',
      'ab\u2212cd\u2010ef\u2014gh',
      'AB/12',
      '\u3000s-014\ufeff',
      '',
    ];
    for (const v of samples) {
      const o = await attempt(tenant.engine, SERVICE, `select public.parking_plate_key($1) as plate, public.parking_spot_key($1) as spot`, [
        v,
      ]);
      expect(rows(o)[0], JSON.stringify(v)).toEqual({ plate: plateKey(v) || null, spot: spotKey(v) || null });
    }
  });

  it('a caller without parking access learns nothing of a clash: the write is refused as any other', async () => {
    await commitPermit({ license_plate: 'PROBE 1', parking_spot_number: 'P-1' });
    expectRefused(await permit({ license_plate: 'probe1' }, 'transportation_admin'));
    expectRefused(await permit({ license_plate: 'OTHER', parking_spot_number: 'P-1' }, 'transportation_admin'));
  });

  it('keying rows that already clash (allowed before this migration) does not fail', async () => {
    const a = newId();
    const b = newId();
    await tenant.engine.query(`alter table public.parking_permits disable trigger parking_permits_prepare`);
    try {
      await tenant.engine.query(
        `insert into public.parking_permits (id, student_id, student_name, license_plate, parking_spot_number)
           values ($1, 'S1', 'One', 'OLD CLASH', 'C-1'), ($2, 'S2', 'Two', 'old-clash', 'C-1')`,
        [a, b],
      );
    } finally {
      await tenant.engine.query(`alter table public.parking_permits enable trigger parking_permits_prepare`);
    }
    await tenant.engine.query(
      `update public.parking_permits set plate_key = public.parking_plate_key(license_plate) where id in ($1, $2)`,
      [a, b],
    );
    const keyed = await attempt(tenant.engine, SERVICE, `select plate_key from public.parking_permits where id in ($1, $2)`, [a, b]);
    expect(rows(keyed)).toEqual([{ plate_key: 'OLDCLASH' }, { plate_key: 'OLDCLASH' }]);
    // Other edits of either still pass.
    expect(
      await attempt(tenant.engine, fx.claims.office_staff, `update public.parking_permits set grade = '11' where id = $1`, [a]),
    ).toMatchObject({ kind: 'rows', count: 1 });
  });

  it('keys the plate without case, spaces, dashes or dots, and keeps the plate as entered', async () => {
    const id = await commitPermit({ license_plate: ' xy-z.98 7 ', plate_key: 'SOMETHING ELSE' });
    const [row] = rows(
      await attempt(tenant.engine, SERVICE, `select license_plate, plate_key from public.parking_permits where id = $1`, [id]),
    );
    expect(row).toEqual({ license_plate: ' xy-z.98 7 ', plate_key: 'XYZ987' });
  });

  it('refuses a second active permit for the same plate written another way', async () => {
    await commitPermit({ license_plate: 'TX DUP-1001' });
    expectRefused(await permit({ license_plate: 'tx dup 1001' }), '23505', /Another active permit already has the plate TX DUP-1001/);
  });

  it('refuses a second active permit for the same spot', async () => {
    await commitPermit({ license_plate: 'SPOT-A', parking_spot_number: 'Q-101' });
    expectRefused(
      await permit({ license_plate: 'SPOT-B', parking_spot_number: 'q-101 ' }),
      '23505',
      /Spot Q-101 already has an active permit/,
    );
  });

  it('suspended, expired, past-end and removed permits do not count', async () => {
    await commitPermit({ license_plate: 'OLD-1', parking_spot_number: 'Z-1', status: 'suspended' });
    await commitPermit({ license_plate: 'OLD-2', parking_spot_number: 'Z-2', status: 'expired' });
    await commitPermit({ license_plate: 'OLD-3', parking_spot_number: 'Z-3', issued_on: '2020-01-01', expires_on: '2020-06-01' });
    const removed = await commitPermit({ license_plate: 'OLD-4', parking_spot_number: 'Z-4' });
    await run(tenant.engine, fx.claims.office_staff, `update public.parking_permits set deleted_at = now() where id = $1`, [removed]);
    for (const n of [1, 2, 3, 4]) {
      expect(await permit({ license_plate: `old ${n}`, parking_spot_number: `Z-${n}` })).toMatchObject({ kind: 'rows', count: 1 });
    }
  });

  it('reinstating a suspended permit is refused while another holds its plate; other edits of a permit in force pass', async () => {
    const suspended = await commitPermit({ license_plate: 'RE-77', status: 'suspended' });
    const active = await commitPermit({ license_plate: 're 77', parking_spot_number: 'R-7' });
    const reinstate = await attempt(
      tenant.engine,
      fx.claims.office_staff,
      `update public.parking_permits set status = 'active' where id = $1`,
      [suspended],
    );
    expectRefused(reinstate, '23505', /plate re 77/);
    const edit = await attempt(tenant.engine, fx.claims.office_staff, `update public.parking_permits set grade = '12' where id = $1`, [
      active,
    ]);
    expect(edit).toMatchObject({ kind: 'rows', count: 1 });
  });
});

describe('parking settings', () => {
  it('office staff set parking_ keys and no other; officers set none', async () => {
    const insert = (key: string, caller: 'office_staff' | 'regular_user') => {
      const { sql, params } = insertSql('tenant_settings', { id: newId(), setting_key: key, setting_value: 'Fire lane\nNo permit' });
      return attempt(tenant.engine, fx.claims[caller], sql, params);
    };
    expect(await insert('parking_violation_types', 'office_staff')).toMatchObject({ kind: 'rows', count: 1 });
    expectRefused(await insert('door_check_interval_hours', 'office_staff'));
    expectRefused(await insert('parking_violation_types', 'regular_user'));
  });

  it('office staff change a parking_ setting and no other', async () => {
    await tenant.engine.query(
      `insert into public.tenant_settings (setting_key, setting_value) values ('parking_violation_types', 'Fire lane'), ('door_check_interval_hours', '4')
         on conflict (setting_key) do nothing`,
    );
    const update = (key: string, caller: 'office_staff' | 'regular_user') =>
      attempt(tenant.engine, fx.claims[caller], `update public.tenant_settings set setting_value = 'x' where setting_key = $1`, [key]);
    expect(await update('parking_violation_types', 'office_staff')).toMatchObject({ kind: 'rows', count: 1 });
    expect(await update('door_check_interval_hours', 'office_staff')).toMatchObject({ kind: 'rows', count: 0 });
    expect(await update('parking_violation_types', 'regular_user')).toMatchObject({ kind: 'rows', count: 0 });
  });
});
