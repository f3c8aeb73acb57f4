/**
 * A new incident starts at 'reported' unless an admin files it (migration
 * 20261122000700, docs/rls-matrix.md): every caller x every status on
 * insert, as a plain insert and as an upsert on id. A non-admin's other
 * status is rewritten to 'reported' (an old app bundle may still send one),
 * never refused; signed-out and inactive callers are refused with 42501
 * "violates row-level security policy", like any insert the matrix refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../supabase/local/project';
import { attempt, insertSql, newId, RLS_REFUSAL, type Outcome, type TestProjects } from './helpers/db';
import { openFixtureTenant, type Caller, type TenantFixtures } from './helpers/tenant-fixtures';

let projects: TestProjects;
let tenant: Project;
let fx: TenantFixtures;

beforeAll(async () => {
  ({ projects, tenant, fx } = await openFixtureTenant());
});

afterAll(async () => {
  await projects?.close();
});

const STATUSES = ['reported', 'investigating', 'resolved', 'closed'] as const;
/** Callers who may file an incident at any status (support acts as super_admin). */
const ADMINS: Caller[] = ['security_admin', 'super_admin', 'support'];
const NON_ADMINS: Caller[] = ['regular_user', 'office_staff', 'transportation_admin'];

/** The caller's own incident: reported by them (a support session has no users row). */
function incident(caller: Caller, status?: string): Record<string, unknown> {
  const reporter = caller === 'support' ? null : fx.uids[caller as Exclude<Caller, 'anon'>];
  return {
    id: newId(),
    title: 'Propped door',
    description: 'Gym east door wedged open',
    reported_by: reporter,
    ...(status ? { status } : {}),
  };
}

function insertAs(caller: Caller, row: Record<string, unknown>): Promise<Outcome> {
  const { sql, params } = insertSql('incidents', row, 'status');
  return attempt(tenant.engine, fx.claims[caller], sql, params);
}

/** What the sync engine sends for a created row: an upsert on id. */
function upsertAs(caller: Caller, row: Record<string, unknown>): Promise<Outcome> {
  const { sql, params } = insertSql('incidents', row, 'status');
  const cols = Object.keys(row).filter((c) => c !== 'id');
  const upsert = sql.replace(
    / returning status$/,
    ` on conflict (id) do update set ${cols.map((c) => `"${c}" = excluded."${c}"`).join(', ')} returning status`,
  );
  return attempt(tenant.engine, fx.claims[caller], upsert, params);
}

function inserted(o: Outcome, status: string): void {
  expect(o, JSON.stringify(o)).toMatchObject({ kind: 'rows', count: 1, rows: [{ status }] });
}

function refused(o: Outcome): void {
  expect(o.kind, JSON.stringify(o)).toBe('error');
  if (o.kind !== 'error') return;
  expect(o.code).toBe('42501');
  expect(o.message).toMatch(RLS_REFUSAL);
}

describe('creating an incident: who may choose its status', () => {
  describe.each(NON_ADMINS)('%s', (caller) => {
    it('files a report at the default status, reported', async () => {
      inserted(await insertAs(caller, incident(caller)), 'reported');
      inserted(await insertAs(caller, incident(caller, 'reported')), 'reported');
    });

    it.each(STATUSES.filter((s) => s !== 'reported'))(
      'sending %s, still files it as reported (never refused, never lost)',
      async (status) => {
        inserted(await insertAs(caller, incident(caller, status)), 'reported');
        inserted(await upsertAs(caller, incident(caller, status)), 'reported');
      },
    );

    it('files it through the sync upsert at reported', async () => {
      inserted(await upsertAs(caller, incident(caller, 'reported')), 'reported');
    });
  });

  describe.each(ADMINS)('%s', (caller) => {
    it.each(STATUSES)('files it as %s', async (status) => {
      inserted(await insertAs(caller, incident(caller, status)), status);
      inserted(await upsertAs(caller, incident(caller, status)), status);
    });
  });

  it('signed-out and inactive callers still cannot file one at any status', async () => {
    for (const caller of ['anon', 'inactive'] as const)
      for (const status of STATUSES) refused(await insertAs(caller, { ...incident('regular_user', status), reported_by: null }));
  });

  it('another reporter in the body does not change who may choose the status (authorship.test.ts)', async () => {
    inserted(await insertAs('regular_user', { ...incident('regular_user', 'closed'), reported_by: fx.uids.security_admin }), 'reported');
    inserted(await insertAs('security_admin', { ...incident('security_admin', 'closed'), reported_by: fx.uids.office_staff }), 'closed');
  });
});

describe('rows not filed through the API', () => {
  it('the database owner (seed, server tools) records an incident at the status given', async () => {
    const id = newId();
    await tenant.engine.query(`insert into public.incidents (id, title, description, status) values ($1, 'Seeded', 'Seeded', 'closed')`, [
      id,
    ]);
    const r = await tenant.engine.query<{ status: string }>(`select status from public.incidents where id = $1`, [id]);
    expect(r.rows[0]?.status).toBe('closed');
  });
});
