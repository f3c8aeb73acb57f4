/**
 * The SQL twin of the missed-check rule (migration 20261124000100) gives the
 * TS rule's answers: public.missed_check_level on the shared fixtures of
 * tests/support/missed-check-fixtures.ts, public.setting_integer on the
 * setting values, and public.overdue_doors on a small seeded tenant against
 * buildMissedCheckAlerts over the same rows. Runs on PGlite, and on
 * PostgreSQL with DATABASE_URL set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareDoorNumbers, parseCheckInterval, parseSettingInteger } from '../../src/features/door-checks/index';
import { buildMissedCheckAlerts, missedCheckPolicy, missedCheckStatus } from '../../src/features/security/missed-check';
import type { Project } from '../../supabase/local/project';
import { BASE, MISSED_CHECK_FIXTURES, SETTING_FIXTURES } from '../support/missed-check-fixtures';
import { ANON, attempt, insertSql, userClaims, type TestProjects, testProjects } from './helpers/db';
import { createTenantUser } from './helpers/tenant-fixtures';

const H = 3_600_000;
let projects: TestProjects;
let tenant: Project;

beforeAll(async () => {
  projects = testProjects();
  tenant = await projects.open('tenant');
});

afterAll(async () => {
  await projects?.close();
});

const iso = (ms: number) => new Date(ms).toISOString();

describe('missed_check_level agrees with missedCheckStatus', () => {
  it.each(MISSED_CHECK_FIXTURES)('$name -> $level', async (fx) => {
    const r = await tenant.engine.query<{ level: string }>(
      `select public.missed_check_level($1::timestamptz, $2, $3, $4, $5::timestamptz) as level`,
      [fx.lastCheck === null ? null : iso(BASE + fx.lastCheck), fx.intervalHours, fx.gracePercent, fx.escalatePercent, iso(BASE + fx.at)],
    );
    const ts = missedCheckStatus(
      fx.lastCheck === null ? null : BASE + fx.lastCheck,
      { intervalHours: fx.intervalHours, gracePercent: fx.gracePercent, escalatePercent: fx.escalatePercent },
      BASE + fx.at,
    ).level;
    expect({ sql: r.rows[0]!.level, ts }).toEqual({ sql: fx.level, ts: fx.level });
  });
});

describe('setting_integer agrees with parseSettingInteger', () => {
  it.each(SETTING_FIXTURES)('$value in $min..$max -> $parsed', async (fx) => {
    const r = await tenant.engine.query<{ n: number }>(`select public.setting_integer($1, $2, $3, $4) as n`, [
      fx.value,
      fx.min,
      fx.max,
      fx.fallback,
    ]);
    expect({ sql: r.rows[0]!.n, ts: parseSettingInteger(fx.value, fx.min, fx.max, fx.fallback) }).toEqual({
      sql: fx.parsed,
      ts: fx.parsed,
    });
  });
});

describe('overdue_doors', () => {
  const AT = BASE + 200 * H;
  const doors: { id: string; door_number: string; campus_id: string; deleted_at: string | null }[] = [];
  const logs: { door_id: string; created_at: string }[] = [];
  let userId: string;
  let inactiveId: string;

  beforeAll(async () => {
    const db = tenant.engine;
    const campus = await db.query<{ id: string }>(`insert into public.campus (campus_name) values ('Alert Campus') returning id`);
    const campusId = campus.rows[0]!.id;
    // Last checks, hours before AT (null: never checked); the 2nd entry of a door is an older check.
    const plan: [string, (number | null)[], boolean][] = [
      ['EA1', [1], false],
      ['EA2', [31], false],
      ['EA3', [49, 100], false],
      ['EA4', [null], false],
      ['EA5', [null], true],
      ['EA6', [100, 29], false],
      ['EA10', [31], false],
      ['D101', [24 * 7], false],
      ['G1', [6.5], false],
    ];
    for (const [door_number, checks, removed] of plan) {
      const row = { door_number, campus_id: campusId, deleted_at: removed ? iso(AT - H) : null };
      const { sql, params } = insertSql('doors', row);
      const id = (await db.query<{ id: string }>(sql, params)).rows[0]!.id;
      doors.push({ id, ...row });
      for (const h of checks) {
        if (h === null) continue;
        const log = { door_id: id, created_at: iso(AT - h * H) };
        const ins = insertSql('door_log', { ...log, door_status: 'operational' });
        await db.query(ins.sql, ins.params);
        logs.push(log);
      }
    }
    userId = await createTenantUser(db, { role: 'regular_user' });
    inactiveId = await createTenantUser(db, { role: 'security_admin', active: false });
  });

  async function setSettings(values: Record<string, string | null>) {
    await tenant.engine.query(`delete from public.tenant_settings`);
    for (const [setting_key, setting_value] of Object.entries(values)) {
      const { sql, params } = insertSql('tenant_settings', { setting_key, setting_value });
      await tenant.engine.query(sql, params);
    }
  }

  /** What the screens compute from the same rows. */
  function expected(settings: Record<string, string | null>) {
    const rows = Object.entries(settings).map(([setting_key, setting_value], i) => ({ id: String(i), setting_key, setting_value }));
    const policy = missedCheckPolicy(rows, parseCheckInterval(settings.check_interval_hours));
    const latest = new Map<string, number>();
    for (const l of logs) latest.set(l.door_id, Math.max(latest.get(l.door_id) ?? -Infinity, Date.parse(l.created_at)));
    // Alert Campus is active (inactive campuses: tests/db/inactive-campus-figures.test.ts).
    return buildMissedCheckAlerts({ doors, campuses: [], latest, acks: [], policy, now: AT }).map((a) => ({
      door_number: a.doorNumber,
      level: a.status.level,
      last_check_at: a.lastCheck,
      due_at: a.status.dueAt,
    }));
  }

  async function fromSql(claims = userClaims(userId)) {
    const o = await attempt(tenant.engine, claims, `select * from public.overdue_doors($1::timestamptz)`, [iso(AT)]);
    if (o.kind === 'error') throw new Error(`${o.code}: ${o.message}`);
    return o.rows.map((r) => ({
      door_number: r.door_number as string,
      level: r.level as string,
      last_check_at:
        r.last_check_at === null
          ? null
          : Date.parse(String(r.last_check_at instanceof Date ? r.last_check_at.toISOString() : r.last_check_at)),
      due_at: r.due_at === null ? null : Date.parse(String(r.due_at instanceof Date ? r.due_at.toISOString() : r.due_at)),
    }));
  }

  const cases: [string, Record<string, string | null>][] = [
    ['no settings: 24 h, grace 25 %, escalate 200 %', {}],
    ['6 h, no grace, escalate 300 %', { check_interval_hours: '6', missed_check_grace_percent: '0', missed_check_escalate_percent: '300' }],
    [
      'unusable values fall back to the defaults',
      { check_interval_hours: 'abc', missed_check_grace_percent: '-1', missed_check_escalate_percent: '99' },
    ],
    [
      'escalation below interval + grace',
      { check_interval_hours: '24', missed_check_grace_percent: '100', missed_check_escalate_percent: '150' },
    ],
  ];

  it.each(cases)('%s: the same doors, levels and times as the screens, in the same order', async (_name, settings) => {
    await setSettings(settings);
    const sql = await fromSql();
    const ts = expected(settings);
    expect(ts.length).toBeGreaterThan(0);
    // SQL orders doors due at the same time by text; the screens by natural door order (EA2 before EA10).
    const dueKey = (r: { due_at: number | null }) => r.due_at ?? -Infinity;
    expect(sql.map(dueKey)).toEqual([...sql.map(dueKey)].sort((a, b) => a - b));
    const tiesInDoorOrder = [...sql].sort((a, b) => dueKey(a) - dueKey(b) || compareDoorNumbers(a.door_number, b.door_number));
    expect(tiesInDoorOrder).toEqual(ts);
  });

  it('with the defaults: never-checked first, then most late; removed and recently checked doors left out', async () => {
    await setSettings({});
    expect((await fromSql()).map((r) => [r.door_number, r.level])).toEqual([
      ['EA4', 'escalated'],
      ['D101', 'escalated'],
      ['EA3', 'escalated'],
      ['EA10', 'overdue'],
      ['EA2', 'overdue'],
    ]);
    expect(expected({}).map((r) => r.door_number)).toEqual(['EA4', 'D101', 'EA3', 'EA2', 'EA10']);
  });

  it('runs with the caller rights: anon may not call it, an inactive user sees no doors', async () => {
    const anon = await attempt(tenant.engine, ANON, `select * from public.overdue_doors($1::timestamptz)`, [iso(AT)]);
    expect(anon.kind === 'error' && anon.code).toBe('42501');
    expect(await fromSql(userClaims(inactiveId))).toEqual([]);
  });
});
