/**
 * Support sessions at the tenant (issue 11, docs/decisions/019): a JWT's
 * support_session claim acts as super_admin only while the tenant's own
 * support_sessions row is live (there, not ended, not expired by the
 * database's clock, for the token's subject); otherwise every statement is
 * refused with PT401 (HTTP 401), whatever the token's own exp says. Nobody
 * but the server writes support_sessions; the tenant's super admins read it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JwtClaims } from '../../supabase/local/keys';
import type { Project } from '../../supabase/local/project';
import { attempt, insertSql, userClaims, type Outcome, type TestProjects } from './helpers/db';
import { openFixtureTenant, supportSessionRow, type TenantFixtures } from './helpers/tenant-fixtures';

let projects: TestProjects;
let tenant: Project;
let fx: TenantFixtures;

beforeAll(async () => {
  ({ projects, tenant, fx } = await openFixtureTenant());
});

afterAll(async () => {
  await projects?.close();
});

/** A support session recorded as the server records it; the claims of its token. */
async function session(overrides: Record<string, unknown> = {}): Promise<{ id: string; claims: JwtClaims }> {
  const staffId = randomUUID();
  const { sql, params } = insertSql('support_sessions', supportSessionRow(staffId, overrides));
  const id = (await tenant.engine.query<{ id: string }>(sql, params)).rows[0]!.id;
  return { id, claims: userClaims(staffId, { support_session: id }) };
}

const rowsOf = (o: Outcome) => {
  if (o.kind === 'error') throw new Error(`expected rows, got ${o.code}: ${o.message}`);
  return o.rows;
};

function refusedAsSignedOut(o: Outcome): void {
  expect(o.kind === 'error' && { code: o.code, message: o.message }).toEqual({
    code: 'PT401',
    message: 'This support session has ended or expired',
  });
}

// What the tenant dashboard and the security screens read.
const DASHBOARD_READS = ['users', 'doors', 'campus', 'door_log', 'maintenance_records', 'incidents', 'tenant_settings', 'conditions'];

describe('a live support session', () => {
  it.each(DASHBOARD_READS)('reads %s as a super admin does', async (table) => {
    const live = await session();
    const asSupport = rowsOf(await attempt(tenant.engine, live.claims, `select id from public.${table} order by id`));
    const asSuper = rowsOf(await attempt(tenant.engine, fx.claims.super_admin, `select id from public.${table} order by id`));
    expect(asSupport.length).toBeGreaterThan(0);
    expect(asSupport).toEqual(asSuper);
  });

  it('changes what a super admin may change (a door, a user) and reads the support history', async () => {
    const live = await session();
    expect(
      rowsOf(
        await attempt(tenant.engine, live.claims, `update public.doors set location = 'North' where id = $1 returning id`, [fx.main.doors]),
      ),
    ).toHaveLength(1);
    expect(
      rowsOf(
        await attempt(tenant.engine, live.claims, `update public.users set department = 'IT' where id = $1 returning id`, [fx.main.users]),
      ),
    ).toHaveLength(1);
    const ids = rowsOf(await attempt(tenant.engine, live.claims, `select id from public.support_sessions`)).map((r) => r.id);
    expect(ids).toContain(live.id);
  });

  it("signs what it files as the staff member (maintenance) or as 'Support' (incidents), never as a tenant user", async () => {
    const live = await session();
    const m = rowsOf(
      await attempt(
        tenant.engine,
        live.claims,
        `insert into public.maintenance_records (door_id, issue_type, description, created_by) values ($1, 'latch', 'Checked remotely', $2) returning created_by`,
        [fx.parents.doorId, fx.uids.regular_user],
      ),
    );
    expect(m[0]!.created_by).toBe(live.claims.sub);
    const i = rowsOf(
      await attempt(
        tenant.engine,
        live.claims,
        `insert into public.incidents (title, description, reported_by) values ('Support note', 'Seen in support', $1) returning reported_by, reported_by_name`,
        [fx.uids.regular_user],
      ),
    );
    expect(i[0]).toEqual({ reported_by: null, reported_by_name: 'Support' });
  });
});

describe('a support session that is not live', () => {
  it.each([
    ['ended', { started_at: new Date(Date.now() - 5 * 60_000).toISOString(), ended_at: new Date(Date.now() - 60_000).toISOString() }],
    [
      'expired by the database clock',
      { started_at: new Date(Date.now() - 40 * 60_000).toISOString(), expires_at: new Date(Date.now() - 10 * 60_000).toISOString() },
    ],
  ])('is refused when %s, though its token would still be valid', async (_name, overrides) => {
    const dead = await session(overrides);
    for (const table of DASHBOARD_READS) refusedAsSignedOut(await attempt(tenant.engine, dead.claims, `select id from public.${table}`));
    refusedAsSignedOut(await attempt(tenant.engine, dead.claims, `update public.doors set location = 'x' where id = $1`, [fx.main.doors]));
  });

  it('is refused when the tenant has no such session, or it names someone else, or the claim is not an id', async () => {
    const live = await session();
    const claimsList: JwtClaims[] = [
      userClaims(randomUUID(), { support_session: randomUUID() }),
      userClaims(randomUUID(), { support_session: live.id }),
      userClaims(live.claims.sub!, { support_session: 'not-a-uuid' }),
      // A tenant super admin's own token with a support claim added is no support session either.
      userClaims(fx.uids.super_admin!, { support_session: randomUUID() }),
    ];
    for (const claims of claimsList) refusedAsSignedOut(await attempt(tenant.engine, claims, `select id from public.doors`));
  });

  it('ends at once when the server records the end', async () => {
    const live = await session();
    expect(rowsOf(await attempt(tenant.engine, live.claims, `select id from public.doors`)).length).toBeGreaterThan(0);
    await tenant.engine.query(`update public.support_sessions set ended_at = now() where id = $1`, [live.id]);
    refusedAsSignedOut(await attempt(tenant.engine, live.claims, `select id from public.doors`));
  });
});

describe('support_sessions', () => {
  it('is read by super admins only', async () => {
    await session();
    expect(rowsOf(await attempt(tenant.engine, fx.claims.super_admin, `select id from public.support_sessions`)).length).toBeGreaterThan(0);
    for (const c of ['anon', 'regular_user', 'office_staff', 'security_admin', 'transportation_admin', 'inactive'] as const) {
      expect(rowsOf(await attempt(tenant.engine, fx.claims[c], `select id from public.support_sessions`)), c).toEqual([]);
    }
  });

  it('is written by no client: a super admin or a live session can neither add, end, extend nor remove one', async () => {
    const live = await session();
    for (const claims of [fx.claims.super_admin, live.claims]) {
      const add = insertSql('support_sessions', supportSessionRow(claims.sub!));
      const o = await attempt(tenant.engine, claims, add.sql, add.params);
      expect(o.kind === 'error' && o.code).toBe('42501');
      for (const sql of [
        `update public.support_sessions set ended_at = now() where id = $1`,
        `update public.support_sessions set expires_at = expires_at + interval '1 day' where id = $1`,
        `delete from public.support_sessions where id = $1`,
      ]) {
        const changed = await attempt(tenant.engine, claims, sql, [live.id]);
        expect(changed.kind === 'rows' ? changed.count : changed.code, sql).toBe(0);
      }
    }
    const row = await tenant.engine.query<{ ended_at: string | null }>(`select ended_at from public.support_sessions where id = $1`, [
      live.id,
    ]);
    expect(row.rows[0]!.ended_at).toBeNull();
  });
});
