/**
 * Platform RLS: what anon, staff, staff admins and strangers may do with
 * Tenants, Staff, LicenseKeys, features, add-ons, tenant_secrets and the
 * support audit log (docs/rls-matrix.md, "Platform").
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JwtClaims } from '../../supabase/local/keys';
import type { Project } from '../../supabase/local/project';
import { ANON, attempt, createAuthUser, insertSql, newId, SERVICE, testProjects, userClaims, type Outcome } from './helpers/db';

let projects: ReturnType<typeof testProjects>;
let platform: Project;
const ids: Record<string, string> = {};
const claims: Record<string, JwtClaims> = {};

const PUBLIC_COLUMNS = 'id, slug, company_name, display_name, description, email_domain, supabase_url, supabase_anon_key, status';
const hash = (key: string) => createHash('sha256').update(key).digest('hex');

async function staff(name: string, isAdmin: boolean, active = true): Promise<void> {
  const id = await createAuthUser(platform.engine, `${name}@lockstep.test`);
  await platform.engine.query(
    `insert into public."Staff" (id, email, first_name, last_name, is_staff_admin, active) values ($1, $2, $3, 'Test', $4, $5)`,
    [id, `${name}@lockstep.test`, name, isAdmin, active],
  );
  ids[name] = id;
  claims[name] = userClaims(id);
}

async function tenant(slug: string, status: string): Promise<string> {
  const r = await platform.engine.query<{ id: string }>(
    `insert into public."Tenants" (slug, company_name, supabase_url, supabase_anon_key, status, plan_name, seats)
     values ($1, $2, $3, 'anon-key', $4, 'Professional', 50) returning id`,
    [slug, `Org ${slug}`, `http://local/t/${slug}`, status],
  );
  const id = r.rows[0]!.id;
  await platform.engine.query(`insert into public.tenant_secrets (tenant_id, service_role_key, jwt_secret) values ($1, 'svc', 'jwt')`, [
    id,
  ]);
  return id;
}

beforeAll(async () => {
  projects = testProjects();
  platform = await projects.open('platform');
  await staff('admin', true);
  await staff('staff', false);
  await staff('retired', true, false);
  ids.stranger = await createAuthUser(platform.engine, 'stranger@example.test');
  claims.stranger = userClaims(ids.stranger);
  ids.active = await tenant('active-org', 'active');
  ids.suspended = await tenant('suspended-org', 'suspended');
  await platform.engine.query(
    `insert into public."LicenseKeys" (tenant_id, key_hash, key_last4, max_seats, notes) values ($1, $2, 'WXYZ', 50, 'Auto-generated')`,
    [ids.active, hash('ABCD-EFGH-JKLM-WXYZ')],
  );
  await platform.engine.query(`insert into public.tenant_features (tenant_id, feature_name) values ($1, 'security_core')`, [ids.active]);
  await platform.engine.query(`insert into public.addon_subscriptions (tenant_id, addon_plan_id) values ($1, 'transportation')`, [
    ids.active,
  ]);
  const log = await platform.engine.query<{ id: string }>(
    `insert into public.support_access_log (staff_id, tenant_id, reason) values ($1, $2, 'technical_support') returning id`,
    [ids.admin, ids.active],
  );
  ids.log = log.rows[0]!.id;
});

afterAll(async () => {
  await projects?.close();
});

const count = (o: Outcome) => {
  if (o.kind === 'error') throw new Error(`expected rows, got ${o.code}: ${o.message}`);
  return o.count;
};
const refused = (o: Outcome, message = /permission denied|row-level security|append-only/) => {
  expect(o.kind, JSON.stringify(o)).toBe('error');
  if (o.kind === 'error') {
    expect(o.code).toBe('42501');
    expect(o.message).toMatch(message);
  }
};

describe('anon', () => {
  it('reads the public columns of active tenants only', async () => {
    const o = await attempt(platform.engine, ANON, `select ${PUBLIC_COLUMNS} from public."Tenants" order by company_name`);
    expect(o.kind === 'rows' && o.rows.map((r) => r.slug)).toEqual(['active-org']);
  });

  it.each(['plan_name', 'seats', 'created_by', 'database_error', '*'])('is refused the column %s', async (col) => {
    refused(await attempt(platform.engine, ANON, `select ${col} from public."Tenants"`), /permission denied/);
  });

  it('searches by company or display name, as tenant discovery does', async () => {
    const o = await attempt(platform.engine, ANON, `select slug from public."Tenants" where company_name ilike '%org%' limit 10`);
    expect(count(o)).toBe(1);
  });

  it('calls get_organization_by_slug for active tenants only', async () => {
    const a = await attempt(platform.engine, ANON, `select * from public.get_organization_by_slug($1)`, ['active-org']);
    expect(a.kind === 'rows' && a.rows[0]).toMatchObject({
      slug: 'active-org',
      company_name: 'Org active-org',
      supabase_anon_key: 'anon-key',
    });
    expect(a.kind === 'rows' && Object.keys(a.rows[0]!).sort()).toEqual([...PUBLIC_COLUMNS.split(', '), 'license_active'].sort());
    expect(a.kind === 'rows' && a.rows[0]?.license_active).toBe(true);
    expect(count(await attempt(platform.engine, ANON, `select * from public.get_organization_by_slug($1)`, ['suspended-org']))).toBe(0);
  });

  it('lists trial tenants like active ones, and no tenant whose database is not ready', async () => {
    const trial = await tenant('trial-org', 'trial');
    const creating = await tenant('creating-org', 'active');
    await platform.engine.query(`update public."Tenants" set database_status = 'creating' where id = $1`, [creating]);
    try {
      const listed = await attempt(platform.engine, ANON, `select slug from public."Tenants" order by slug`);
      expect(listed.kind === 'rows' && listed.rows.map((r) => r.slug)).toEqual(['active-org', 'trial-org']);
      const one = (slug: string) => attempt(platform.engine, ANON, `select slug from public.get_organization_by_slug($1)`, [slug]);
      expect(count(await one('trial-org'))).toBe(1);
      expect(count(await one('creating-org'))).toBe(0);
    } finally {
      await platform.engine.query(`delete from public."Tenants" where id in ($1, $2)`, [trial, creating]);
    }
  });

  it('says whether the licence rule lets a tenant sign users in', async () => {
    const licensed = async () =>
      (await attempt(platform.engine, ANON, `select license_active from public.get_organization_by_slug('active-org')`)) as Outcome;
    const value = (o: Outcome) => (o.kind === 'rows' ? o.rows[0]?.license_active : o.code);
    await platform.engine
      .transaction(async (tx) => {
        await tx.query(`update public."LicenseKeys" set status = 'revoked' where tenant_id = $1`, [ids.active]);
        // Inside the transaction: no active licence and require_license on.
        const r = await tx.query<{ ok: boolean }>(`select public.tenant_licence_ok($1) as ok`, [ids.active]);
        expect(r.rows[0]?.ok).toBe(false);
        await tx.query(`update public."Tenants" set require_license = false where id = $1`, [ids.active]);
        const r2 = await tx.query<{ ok: boolean }>(`select public.tenant_licence_ok($1) as ok`, [ids.active]);
        expect(r2.rows[0]?.ok).toBe(true);
        throw Object.assign(new Error('rollback'), { code: 'ROLLBACK' });
      })
      .catch((e: { code?: string }) => {
        if (e.code !== 'ROLLBACK') throw e;
      });
    expect(value(await licensed())).toBe(true);
  });

  it('is refused secrets, licences, the audit logs, and every write', async () => {
    refused(await attempt(platform.engine, ANON, `select service_role_key from public.tenant_secrets`));
    refused(await attempt(platform.engine, ANON, `select key_hash from public."LicenseKeys"`));
    refused(await attempt(platform.engine, ANON, `select * from public.support_access_log`));
    refused(await attempt(platform.engine, ANON, `select * from public.platform_audit_log`));
    refused(await attempt(platform.engine, ANON, `select * from public.tenant_provisioning`));
    expect(count(await attempt(platform.engine, ANON, `select * from public."Staff"`))).toBe(0);
    expect(count(await attempt(platform.engine, ANON, `select * from public.tenant_features`))).toBe(0);
    refused(
      await attempt(
        platform.engine,
        ANON,
        `insert into public."Tenants" (slug, company_name, supabase_url, supabase_anon_key) values ('x', 'x', 'x', 'x')`,
      ),
    );
    refused(await attempt(platform.engine, ANON, `update public."Tenants" set company_name = 'x'`));
  });
});

describe('staff (not admin)', () => {
  it('reads their own Staff row only', async () => {
    const o = await attempt(platform.engine, claims.staff!, `select id from public."Staff"`);
    expect(o.kind === 'rows' && o.rows).toEqual([{ id: ids.staff }]);
  });

  it('reads every tenant, all columns', async () => {
    expect(count(await attempt(platform.engine, claims.staff!, `select * from public."Tenants"`))).toBe(2);
  });

  it('cannot manage tenants, licences, features, add-ons or staff', async () => {
    refused(
      await attempt(
        platform.engine,
        claims.staff!,
        insertSql('Tenants', { slug: 'new-org', company_name: 'N', supabase_url: 'u', supabase_anon_key: 'k' }).sql,
        ['new-org', 'N', 'u', 'k'],
      ),
      /permission denied/,
    );
    refused(await attempt(platform.engine, claims.staff!, `update public."Tenants" set seats = 1`), /permission denied/);
    refused(await attempt(platform.engine, claims.staff!, `delete from public."Tenants"`), /permission denied/);
    expect(count(await attempt(platform.engine, claims.staff!, `select id, key_last4 from public."LicenseKeys"`))).toBe(0);
    expect(count(await attempt(platform.engine, claims.staff!, `select * from public.tenant_features`))).toBe(0);
    expect(count(await attempt(platform.engine, claims.staff!, `select * from public.addon_subscriptions`))).toBe(0);
    refused(
      await attempt(platform.engine, claims.staff!, `update public."Staff" set is_staff_admin = true where id = $1`, [ids.staff]),
      /permission denied/,
    );
    expect(count(await attempt(platform.engine, claims.staff!, `select * from public.support_access_log`))).toBe(0);
    expect(count(await attempt(platform.engine, claims.staff!, `select * from public.platform_audit_log`))).toBe(0);
  });
});

describe('strangers and retired staff', () => {
  it.each(['stranger', 'retired'])('%s sees no tenants and manages nothing', async (who) => {
    expect(count(await attempt(platform.engine, claims[who]!, `select * from public."Tenants"`))).toBe(0);
    expect(count(await attempt(platform.engine, claims[who]!, `select id from public."LicenseKeys"`))).toBe(0);
    refused(await attempt(platform.engine, claims[who]!, `update public."Tenants" set seats = 1`), /permission denied/);
  });
});

describe('staff admins', () => {
  const admin = () => claims.admin!;

  it('read all Staff, but write none: the product API does, with the account, and audits it', async () => {
    expect(count(await attempt(platform.engine, admin(), `select * from public."Staff"`))).toBe(3);
    refused(
      await attempt(platform.engine, admin(), `update public."Staff" set active = false where id = $1`, [ids.staff]),
      /permission denied/,
    );
    refused(await attempt(platform.engine, admin(), `delete from public."Staff" where id = $1`, [ids.staff]), /permission denied/);
    const s = insertSql('Staff', { id: ids.admin, email: 'twin@lockstep.test', is_staff_admin: true });
    refused(await attempt(platform.engine, admin(), s.sql, s.params), /permission denied/);
  });

  it('read tenants and licences (never a key hash), but write none of them: the product API does, and audits it', async () => {
    expect(count(await attempt(platform.engine, admin(), `select * from public."Tenants"`))).toBe(2);
    expect(count(await attempt(platform.engine, admin(), `select id, key_last4, status, max_seats from public."LicenseKeys"`))).toBe(1);
    refused(await attempt(platform.engine, admin(), `select key_hash from public."LicenseKeys"`), /permission denied/);
    refused(await attempt(platform.engine, admin(), `select * from public."LicenseKeys"`), /permission denied/);
    const t = insertSql('Tenants', { slug: 'brand-new', company_name: 'Brand New', supabase_url: 'u', supabase_anon_key: 'k' });
    refused(await attempt(platform.engine, admin(), t.sql, t.params), /permission denied/);
    refused(
      await attempt(platform.engine, admin(), `update public."Tenants" set seats = 75 where id = $1`, [ids.active]),
      /permission denied/,
    );
    refused(await attempt(platform.engine, admin(), `delete from public."Tenants" where id = $1`, [ids.suspended]), /permission denied/);
    const k = insertSql('LicenseKeys', { tenant_id: ids.suspended, key_hash: hash('QQQQ-QQQQ-QQQQ-QQQQ'), key_last4: 'QQQQ' });
    refused(await attempt(platform.engine, admin(), k.sql, k.params), /permission denied/);
    refused(await attempt(platform.engine, admin(), `update public."LicenseKeys" set status = 'revoked'`), /permission denied/);
    const f = insertSql('tenant_features', { tenant_id: ids.active, feature_name: 'transportation' });
    refused(await attempt(platform.engine, admin(), f.sql, f.params), /permission denied/);
    refused(await attempt(platform.engine, admin(), `update public.tenant_features set enabled = false`), /permission denied/);
    refused(await attempt(platform.engine, admin(), `delete from public.addon_subscriptions`), /permission denied/);
  });

  it('read the platform audit log, which nobody changes', async () => {
    await platform.engine.query(
      `insert into public.platform_audit_log (staff_id, staff_email, action, tenant_id, tenant_slug, target) values ($1, 'admin@lockstep.test', 'tenant.update', $2, 'active-org', 'seats')`,
      [ids.admin, ids.active],
    );
    expect(count(await attempt(platform.engine, admin(), `select * from public.platform_audit_log`))).toBe(1);
    const forged = insertSql('platform_audit_log', { staff_id: ids.admin, action: 'tenant.delete' });
    refused(await attempt(platform.engine, admin(), forged.sql, forged.params), /permission denied/);
    refused(await attempt(platform.engine, admin(), `delete from public.platform_audit_log`), /permission denied/);
    refused(await attempt(platform.engine, SERVICE, `update public.platform_audit_log set target = 'x'`), /permission denied/);
    await expect(platform.engine.query(`delete from public.platform_audit_log`)).rejects.toMatchObject({ code: '42501' });
  });

  it('cannot see or claim provisioning state', async () => {
    refused(await attempt(platform.engine, admin(), `select * from public.tenant_provisioning`), /permission denied/);
    refused(
      await attempt(platform.engine, admin(), `select * from public.claim_tenant_provisioning($1, 60)`, [ids.active]),
      /permission denied/,
    );
  });
});

describe('the server (service role)', () => {
  it('creates, changes and deletes tenants; plan and statuses default as the spec says', async () => {
    const { sql, params } = insertSql(
      'Tenants',
      { slug: 'brand-new', company_name: 'Brand New', supabase_url: 'u', supabase_anon_key: 'k', updated_by: ids.admin },
      'id, plan, status, subscription_status, require_license, updated_by',
    );
    const o = await attempt(platform.engine, SERVICE, sql, params);
    expect(o.kind === 'rows' && o.rows[0]).toMatchObject({
      plan: 'Starter',
      status: 'active',
      subscription_status: 'active',
      require_license: true,
      updated_by: ids.admin,
    });
    expect(count(await attempt(platform.engine, SERVICE, `update public."Tenants" set seats = 75 where id = $1`, [ids.active]))).toBe(1);
    expect(count(await attempt(platform.engine, SERVICE, `delete from public."Tenants" where id = $1`, [ids.suspended]))).toBe(1);
  });

  it('a tenant without its project URL must still be creating', async () => {
    const ok = insertSql('Tenants', { slug: 'coming-up', company_name: 'Coming Up', database_status: 'creating' });
    expect(count(await attempt(platform.engine, SERVICE, ok.sql, ok.params))).toBe(1);
    const bad = insertSql('Tenants', { slug: 'no-url', company_name: 'No URL', database_status: 'active' });
    expect(await attempt(platform.engine, SERVICE, bad.sql, bad.params)).toMatchObject({ kind: 'error', code: '23514' });
  });

  it('issues and revokes licences; a revoked licence stays revoked; one active per tenant; never a clear key', async () => {
    const second = insertSql('LicenseKeys', { tenant_id: ids.active, key_hash: hash('QQQQ-QQQQ-QQQQ-QQQQ'), key_last4: 'QQQQ' });
    const dup = await attempt(platform.engine, SERVICE, second.sql, second.params);
    expect(dup.kind === 'error' && dup.code).toBe('23505');
    const revoke = await attempt(platform.engine, SERVICE, `update public."LicenseKeys" set status = 'revoked' where tenant_id = $1`, [
      ids.active,
    ]);
    expect(count(revoke)).toBe(1);
    const clear = insertSql('LicenseKeys', { tenant_id: ids.suspended, key_hash: 'ABCD-EFGH-JKLM-NPQR', key_last4: 'NPQR' });
    const stored = await attempt(platform.engine, SERVICE, clear.sql, clear.params);
    expect(stored.kind === 'error' && stored.code, 'a clear key is never stored').toBe('23514');
  });

  it('cannot reactivate a revoked licence', async () => {
    const id = newId();
    await platform.engine.query(
      `insert into public."LicenseKeys" (id, tenant_id, key_hash, key_last4, status) values ($1, $2, $3, 'RRRR', 'revoked')`,
      [id, ids.suspended, hash(id)],
    );
    const o = await attempt(platform.engine, SERVICE, `update public."LicenseKeys" set status = 'active' where id = $1`, [id]);
    expect(o.kind === 'error' && o.code).toBe('23514');
  });

  it('manages features and add-on subscriptions', async () => {
    const f = insertSql('tenant_features', { tenant_id: ids.active, feature_name: 'transportation' });
    expect(count(await attempt(platform.engine, SERVICE, f.sql, f.params))).toBe(1);
    expect(
      count(
        await attempt(platform.engine, SERVICE, `update public.tenant_features set enabled = false where tenant_id = $1`, [ids.active]),
      ),
    ).toBe(1);
    expect(
      count(await attempt(platform.engine, SERVICE, `delete from public.addon_subscriptions where tenant_id = $1`, [ids.active])),
    ).toBe(1);
    const bad = insertSql('tenant_features', { tenant_id: ids.active, feature_name: 'teleportation' });
    expect((await attempt(platform.engine, SERVICE, bad.sql, bad.params)).kind).toBe('error');
  });

  it('claims the provisioning lease once at a time', async () => {
    await platform.engine.query(
      `insert into public.tenant_provisioning (tenant_id, driver, admin_email, admin_first_name, admin_last_name) values ($1, 'local', 'a@b.test', 'A', 'B')`,
      [ids.active],
    );
    try {
      const first = await attempt(platform.engine, SERVICE, `select tenant_id from public.claim_tenant_provisioning($1, 60)`, [ids.active]);
      expect(count(first)).toBe(1);
      await platform.engine.query(`select public.claim_tenant_provisioning($1, 60)`, [ids.active]);
      // Held: a second request gets nothing until the lease ends.
      expect(
        count(await attempt(platform.engine, SERVICE, `select tenant_id from public.claim_tenant_provisioning($1, 60)`, [ids.active])),
      ).toBe(0);
    } finally {
      await platform.engine.query(`delete from public.tenant_provisioning where tenant_id = $1`, [ids.active]);
    }
  });
});

describe('secrets', () => {
  it('cannot read tenant secrets: the server alone does', async () => {
    refused(await attempt(platform.engine, claims.admin!, `select * from public.tenant_secrets`), /permission denied/);
    expect(count(await attempt(platform.engine, SERVICE, `select * from public.tenant_secrets`))).toBe(2);
  });
});

describe('support access log', () => {
  it('staff admins read the log', async () => {
    expect(count(await attempt(platform.engine, claims.admin!, `select * from public.support_access_log`))).toBe(1);
  });

  it('only the server writes it: no staff member logs a session, in their own name or another', async () => {
    const own = insertSql('support_access_log', { staff_id: ids.admin, tenant_id: ids.active, reason: 'bug_investigation' });
    const other = insertSql('support_access_log', { staff_id: ids.staff, tenant_id: ids.active, reason: 'bug_investigation' });
    refused(await attempt(platform.engine, claims.admin!, own.sql, own.params));
    refused(await attempt(platform.engine, claims.admin!, other.sql, other.params));
    refused(await attempt(platform.engine, claims.staff!, other.sql, other.params));
    expect(count(await attempt(platform.engine, SERVICE, own.sql, own.params))).toBe(1);
  });

  it('"other" needs details', async () => {
    const o = insertSql('support_access_log', { staff_id: ids.admin, tenant_id: ids.active, reason: 'other' });
    const r = await attempt(platform.engine, SERVICE, o.sql, o.params);
    expect(r.kind === 'error' && r.code).toBe('23514');
  });

  it('lets the server record the end once, and nothing else', async () => {
    const end = `update public.support_access_log set ended_at = started_at + interval '5 minutes' where id = $1`;
    refused(await attempt(platform.engine, claims.admin!, end, [ids.log]));
    expect(count(await attempt(platform.engine, SERVICE, end, [ids.log]))).toBe(1);
    // As the owner, so only the trigger stands in the way: set once, then it cannot move.
    await platform.engine.query(end, [ids.log]);
    await expect(
      platform.engine.query(`update public.support_access_log set ended_at = started_at + interval '6 minutes' where id = $1`, [ids.log]),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(
      platform.engine.query(`update public.support_access_log set reason = 'other', reason_details = 'x' where id = $1`, [ids.log]),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('keeps the re-authentication attempts from every API role but the server', async () => {
    for (const c of [ANON, claims.admin!, claims.staff!]) {
      refused(await attempt(platform.engine, c, `select * from public.support_reauth_attempts`), /permission denied/);
    }
    expect(count(await attempt(platform.engine, SERVICE, `select * from public.support_reauth_attempts`))).toBe(0);
    for (const c of [ANON, claims.admin!, claims.staff!]) {
      refused(await attempt(platform.engine, c, `select public.begin_support_reauth($1, now())`, [claims.admin!.sub]), /permission denied/);
    }
  });

  it('takes re-authentication attempts one at a time: five pending or failed ones lock, a right one in between does not', async () => {
    const staffId = claims.staff!.sub!;
    const begin = async (at: string) =>
      (
        await platform.engine.query<{ r: { attempt_id?: string; locked_until?: string } }>(
          `select public.begin_support_reauth($1, $2::timestamptz) as r`,
          [staffId, at],
        )
      ).rows[0]!.r;
    const t0 = Date.parse('2026-01-01T10:00:00Z');
    const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();
    const taken = [];
    for (let i = 0; i < 5; i++) taken.push(await begin(at(i)));
    expect(taken.every((a) => typeof a.attempt_id === 'string')).toBe(true);
    // Five pending (not yet answered) count as failures: the sixth is refused until 15 minutes after the newest.
    expect(await begin(at(5))).toEqual({ locked_until: expect.stringMatching(/^2026-01-01T10:19:00/) });
    // One of them answered right: no lock.
    await platform.engine.query(`update public.support_reauth_attempts set succeeded = true where id = $1`, [taken[2]!.attempt_id]);
    expect((await begin(at(6))).attempt_id).toEqual(expect.any(String));
    await platform.engine.query(`delete from public.support_reauth_attempts where staff_id = $1`, [staffId]);
  });

  it.each([
    ['staff admin', () => claims.admin!],
    ['service role', () => SERVICE],
  ])('is append-only for the %s', async (_who, c) => {
    refused(await attempt(platform.engine, c(), `update public.support_access_log set reason = 'other' where id = $1`, [ids.log]));
    refused(await attempt(platform.engine, c(), `delete from public.support_access_log where id = $1`, [ids.log]));
  });

  it('is append-only even for the database owner', async () => {
    await expect(platform.engine.query(`delete from public.support_access_log where id = $1`, [ids.log])).rejects.toMatchObject({
      code: '42501',
    });
  });
});
