/**
 * Doors of an inactive campus leave the server's figures as they leave the
 * screens (migration 20261124083000, src/lib/inactive-campuses.ts):
 * tenant_summary()'s doors and doors_operational, and overdue_doors(),
 * which gives the same alerts as buildMissedCheckAlerts over the same rows.
 * Reactivating the campus brings them back. Runs on PGlite, and on
 * PostgreSQL with DATABASE_URL set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMissedCheckAlerts, missedCheckPolicy } from '../../src/features/security/missed-check';
import type { Project } from '../../supabase/local/project';
import { attempt, insertSql, SERVICE, userClaims, type TestProjects, testProjects } from './helpers/db';
import { createTenantUser } from './helpers/tenant-fixtures';

const H = 3_600_000;
const AT = Date.parse('2026-11-24T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

let projects: TestProjects;
let tenant: Project;
let officer: string;
let closedId: string;
const campuses: { id: string; campus_name: string; active: boolean }[] = [];
const doors: { id: string; door_number: string; campus_id: string; status: string }[] = [];
const latest = new Map<string, number>();

beforeAll(async () => {
  projects = testProjects();
  tenant = await projects.open('tenant');
  const db = tenant.engine;
  for (const [campus_name, active] of [
    ['Open Campus', true],
    ['Closed Campus', false],
  ] as const) {
    const { sql, params } = insertSql('campus', { campus_name, active });
    campuses.push({ id: (await db.query<{ id: string }>(sql, params)).rows[0]!.id, campus_name, active });
  }
  const [open, closed] = campuses as [(typeof campuses)[number], (typeof campuses)[number]];
  closedId = closed.id;
  // [door, campus, status, hours since its last check (null: never checked)]
  const plan: [string, string, string, number | null][] = [
    ['O1', open.id, 'operational', 1],
    ['O2', open.id, 'maintenance', null],
    ['O3', open.id, 'operational', 40],
    ['C1', closed.id, 'operational', null],
    ['C2', closed.id, 'operational', 40],
    ['C3', closed.id, 'out_of_service', 2],
  ];
  for (const [door_number, campus_id, status, hours] of plan) {
    const ins = insertSql('doors', { door_number, campus_id, status });
    const id = (await db.query<{ id: string }>(ins.sql, ins.params)).rows[0]!.id;
    doors.push({ id, door_number, campus_id, status });
    if (hours === null) continue;
    const log = insertSql('door_log', { door_id: id, created_at: iso(AT - hours * H), door_status: 'operational' });
    await db.query(log.sql, log.params);
    latest.set(id, AT - hours * H);
  }
  officer = await createTenantUser(db, { role: 'regular_user' });
});

afterAll(async () => {
  await projects?.close();
});

async function setClosedActive(active: boolean) {
  await tenant.engine.query(`update public.campus set active = $1 where id = $2`, [active, closedId]);
  campuses[1]!.active = active;
}

async function summaryDoors(): Promise<{ doors: number; doors_operational: number }> {
  const r = await attempt(tenant.engine, SERVICE, `select public.tenant_summary() as s`);
  if (r.kind === 'error') throw new Error(`${r.code}: ${r.message}`);
  const s = (typeof r.rows[0]!.s === 'string' ? JSON.parse(r.rows[0]!.s) : r.rows[0]!.s) as Record<string, number>;
  return { doors: Number(s.doors), doors_operational: Number(s.doors_operational) };
}

async function overdue(): Promise<string[]> {
  const r = await attempt(tenant.engine, userClaims(officer), `select door_number from public.overdue_doors($1::timestamptz)`, [iso(AT)]);
  if (r.kind === 'error') throw new Error(`${r.code}: ${r.message}`);
  return r.rows.map((x) => String(x.door_number));
}

function overdueOnScreens(): string[] {
  const policy = missedCheckPolicy([], 24);
  return buildMissedCheckAlerts({ doors, campuses, latest, acks: [], policy, now: AT }).map((a) => a.doorNumber);
}

describe('an inactive campus', () => {
  it('leaves tenant_summary(): its doors are not counted, operational or not', async () => {
    await setClosedActive(false);
    expect(await summaryDoors()).toEqual({ doors: 3, doors_operational: 2 });
  });

  it('raises no missed-check alert, on the server as on the screens', async () => {
    await setClosedActive(false);
    expect(await overdue()).toEqual(['O2', 'O3']);
    expect(overdueOnScreens()).toEqual(['O2', 'O3']);
  });

  it('brings its doors back to both once reactivated', async () => {
    await setClosedActive(true);
    expect(await summaryDoors()).toEqual({ doors: 6, doors_operational: 4 });
    // Never checked first, then the most late; the SQL orders ties by text, the screens by door order (same here).
    expect(await overdue()).toEqual(['C1', 'O2', 'C2', 'O3']);
    expect(overdueOnScreens()).toEqual(['C1', 'O2', 'C2', 'O3']);
  });
});
