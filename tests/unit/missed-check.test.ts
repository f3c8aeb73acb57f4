/**
 * The missed-check rule (src/features/security/missed-check.ts) at every
 * boundary, on the fixtures tests/db/missed-check-alerts.test.ts also runs
 * through the SQL twin; the alert list's order and acknowledgements; and the
 * shared interval maths that keeps it and the Door Status tiles together.
 */
import { describe, expect, it } from 'vitest';
import { doorFreshness, dueAt, parseSettingInteger } from '../../src/features/door-checks/index';
import {
  alertAckNoteSchema,
  buildMissedCheckAlerts,
  buildMissedCheckAlertsInSteps,
  missedCheckPolicy,
  withAcks,
  missedCheckStatus,
  splitAlerts,
} from '../../src/features/security/missed-check';
import { missedCheckSettingsSchema } from '../../src/features/security/missed-check-settings-schema';
import { BASE, MISSED_CHECK_FIXTURES, SETTING_FIXTURES } from '../support/missed-check-fixtures';

const H = 3_600_000;

describe('missedCheckStatus', () => {
  it.each(MISSED_CHECK_FIXTURES)('$name -> $level', (fx) => {
    const status = missedCheckStatus(
      fx.lastCheck === null ? null : BASE + fx.lastCheck,
      { intervalHours: fx.intervalHours, gracePercent: fx.gracePercent, escalatePercent: fx.escalatePercent },
      BASE + fx.at,
    );
    expect(status.level).toBe(fx.level);
  });

  it('gives the due time, the thresholds and how late', () => {
    const s = missedCheckStatus(BASE, { intervalHours: 24, gracePercent: 25, escalatePercent: 200 }, BASE + 31 * H);
    expect(s).toEqual({ level: 'overdue', dueAt: BASE + 24 * H, overdueAt: BASE + 30 * H, escalatesAt: BASE + 48 * H, lateMs: 7 * H });
  });

  it('never escalates before it is overdue', () => {
    const s = missedCheckStatus(BASE, { intervalHours: 4, gracePercent: 50, escalatePercent: 120 }, BASE);
    expect(s.escalatesAt).toBe(s.overdueAt);
  });

  it('counts a door never checked as escalated, the most late there is', () => {
    const s = missedCheckStatus(null, { intervalHours: 24, gracePercent: 25, escalatePercent: 200 }, BASE);
    expect(s).toMatchObject({ level: 'escalated', dueAt: null, lateMs: Number.POSITIVE_INFINITY });
  });

  it('shares the end of the interval with the Door Status tiles: Needs Check exactly at dueAt, never overdue before it', () => {
    for (const hours of [1, 2, 4, 6, 12, 24]) {
      const due = dueAt(BASE, hours);
      expect(doorFreshness(new Date(BASE), hours, new Date(due))).toBe('needs-check');
      expect(doorFreshness(new Date(BASE), hours, new Date(due - 1))).not.toBe('needs-check');
      expect(missedCheckStatus(BASE, { intervalHours: hours, gracePercent: 0, escalatePercent: 1000 }, due).level).toBe('overdue');
      expect(missedCheckStatus(BASE, { intervalHours: hours, gracePercent: 0, escalatePercent: 1000 }, due - 1).level).toBe('ok');
    }
  });
});

describe('settings', () => {
  it.each(SETTING_FIXTURES)('$value in $min..$max -> $parsed', (fx) => {
    expect(parseSettingInteger(fx.value, fx.min, fx.max, fx.fallback)).toBe(fx.parsed);
  });

  it('reads the policy from tenant_settings rows, defaults for missing or unusable values', () => {
    expect(missedCheckPolicy([], 24)).toEqual({ intervalHours: 24, gracePercent: 25, escalatePercent: 200 });
    const rows = [
      { id: '1', setting_key: 'missed_check_grace_percent', setting_value: '10' },
      { id: '2', setting_key: 'missed_check_escalate_percent', setting_value: '50' },
    ];
    expect(missedCheckPolicy(rows, 6)).toEqual({ intervalHours: 6, gracePercent: 10, escalatePercent: 200 });
  });
});

describe('buildMissedCheckAlerts', () => {
  const policy = { intervalHours: 24, gracePercent: 25, escalatePercent: 200 };
  const now = BASE + 100 * H;
  const door = (id: string, door_number: string, extra: Record<string, unknown> = {}) => ({ id, door_number, campus_id: 'c1', ...extra });
  const doors = [
    door('a', 'EA10'),
    door('b', 'EA2'),
    door('c', 'D101'),
    door('d', 'EA1'),
    door('e', 'G1'),
    door('f', 'EA3', { deleted_at: '2026-11-01T00:00:00Z' }),
    door('00000000-0000-0000-0000-000000000000', 'GLOBAL_DEFAULT'),
    door('g', 'B1'),
  ];
  const campuses = [{ id: 'c1', campus_name: 'Lincoln High School', active: true }];
  const latest = new Map<string, number>([
    ['a', now - 60 * H], // overdue, 36 h late
    ['b', now - 60 * H], // same lateness as a: door order, EA2 before EA10
    ['c', now - 50 * H], // escalated, 26 h late
    ['e', now - 10 * H], // ok
    ['f', now - 90 * H], // removed
    ['g', now - 80 * H], // escalated, 56 h late
  ]);

  it('lists overdue and escalated real doors, never-checked first, then the most late, ties in door order', () => {
    const alerts = buildMissedCheckAlerts({ doors, campuses, latest, acks: [], policy, now });
    expect(alerts.map((a) => [a.doorNumber, a.status.level])).toEqual([
      ['EA1', 'escalated'],
      ['B1', 'escalated'],
      ['EA2', 'escalated'],
      ['EA10', 'escalated'],
      ['D101', 'escalated'],
    ]);
  });

  it('orders by lateness across levels', () => {
    const mixed = new Map<string, number>([
      ['a', now - 31 * H],
      ['b', now - 49 * H],
      ['c', now - 30 * H],
      ['d', now - 40 * H],
    ]);
    const alerts = buildMissedCheckAlerts({ doors: doors.slice(0, 4), campuses, latest: mixed, acks: [], policy, now });
    expect(alerts.map((a) => [a.doorNumber, a.status.level])).toEqual([
      ['EA2', 'escalated'],
      ['EA1', 'overdue'],
      ['EA10', 'overdue'],
      ['D101', 'overdue'],
    ]);
  });

  it('an ack covers only its check episode, and an ack made while overdue does not cover the escalation', () => {
    const checks = new Map<string, number>([
      ['a', now - 31 * H], // overdue
      ['b', now - 49 * H], // escalated
      ['c', now - 49 * H], // escalated
    ]);
    const at = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');
    const acks = [
      { id: 'k1', door_id: 'a', last_check_at: at(now - 31 * H), level: 'overdue', note: 'Custodian on it', created_at: at(now) },
      { id: 'k2', door_id: 'b', last_check_at: at(now - 49 * H), level: 'overdue', note: 'Earlier', created_at: at(now - 10 * H) },
      { id: 'k3', door_id: 'c', last_check_at: at(now - 49 * H), level: 'escalated', note: 'Door replaced', created_at: at(now) },
      // An ack of an earlier episode (before the latest check) covers nothing.
      { id: 'k4', door_id: 'c', last_check_at: at(now - 90 * H), level: 'escalated', note: 'Old', created_at: at(now - 80 * H) },
    ];
    const alerts = buildMissedCheckAlerts({ doors: doors.slice(0, 3), campuses, latest: checks, acks, policy, now });
    const byDoor = new Map(alerts.map((a) => [a.doorId, a]));
    expect(byDoor.get('a')!.ack?.note).toBe('Custodian on it');
    expect(byDoor.get('b')!.ack).toBeNull();
    expect(byDoor.get('b')!.earlierAcks.map((x) => x.note)).toEqual(['Earlier']);
    expect(byDoor.get('c')!.ack?.note).toBe('Door replaced');
    expect(byDoor.get('c')!.earlierAcks).toEqual([]);
    const split = splitAlerts(alerts);
    expect(split.overdue).toEqual([]);
    expect(split.escalated.map((a) => a.doorId)).toEqual(['b']);
    expect(split.acknowledged.map((a) => a.doorId).sort()).toEqual(['a', 'c']);
  });

  it('an ack of a never-checked door names no check', () => {
    const acks = [
      {
        id: 'k',
        door_id: 'd',
        last_check_at: null,
        level: 'escalated',
        note: 'New door, first round tomorrow',
        created_at: new Date(now).toISOString(),
      },
    ];
    const [alert] = buildMissedCheckAlerts({ doors: [door('d', 'EA1')], campuses, latest: new Map(), acks, policy, now });
    expect(alert!.ack?.note).toBe('New door, first round tomorrow');
  });

  it('raises no alert for the doors of an inactive campus, and raises them again once it is reactivated', () => {
    const both = [...doors, door('x', 'EA1', { campus_id: 'c2' }), door('y', 'EA9', { campus_id: 'elsewhere' })];
    const closed = [...campuses, { id: 'c2', campus_name: 'Closed Campus', active: false }];
    const ids = (cs: typeof closed) =>
      buildMissedCheckAlerts({ doors: both, campuses: cs, latest, acks: [], policy, now }).map((a) => a.doorId);
    // y's campus is not on this device: it may be active, so its alert stays.
    expect(ids(closed)).toEqual(['d', 'y', 'g', 'b', 'a', 'c']);
    expect(ids(closed.map((c) => ({ ...c, active: true })))).toEqual(['d', 'x', 'y', 'g', 'b', 'a', 'c']);
  });
});

describe('acknowledgement note', () => {
  it('is required and at most 500 characters once trimmed', () => {
    expect(alertAckNoteSchema.safeParse('  Checked by phone  ')).toEqual({ success: true, data: 'Checked by phone' });
    expect(alertAckNoteSchema.safeParse('   ').success).toBe(false);
    expect(alertAckNoteSchema.safeParse('x'.repeat(500)).success).toBe(true);
    expect(alertAckNoteSchema.safeParse('x'.repeat(501)).success).toBe(false);
  });
});

describe('threshold settings form', () => {
  it('takes whole percentages in range (grace 0..400, escalation 100..1000) and refuses the rest', () => {
    expect(missedCheckSettingsSchema.safeParse({ grace: ' 0 ', escalate: '1000' })).toEqual({
      success: true,
      data: { grace: 0, escalate: 1000 },
    });
    expect(missedCheckSettingsSchema.safeParse({ grace: '400', escalate: '100' }).success).toBe(true);
    for (const bad of [
      { grace: '', escalate: '200' },
      { grace: '401', escalate: '200' },
      { grace: '-1', escalate: '200' },
      { grace: '2.5', escalate: '200' },
      { grace: '25', escalate: '99' },
      { grace: '25', escalate: '1001' },
      { grace: '25', escalate: 'abc' },
    ])
      expect(missedCheckSettingsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('buildMissedCheckAlertsInSteps', () => {
  const policy = { intervalHours: 24, gracePercent: 25, escalatePercent: 200 };
  const now = BASE + 100 * H;
  const campuses = [
    { id: 'c1', campus_name: 'North', active: true },
    { id: 'c2', campus_name: 'Closed', active: false },
  ];
  // Enough doors for several steps, every kind of door: checked long ago, lately, never, on an inactive campus, removed.
  const doors = Array.from({ length: 2_345 }, (_, i) => ({
    id: `d${i}`,
    door_number: `EA${i}`,
    campus_id: i % 11 === 0 ? 'c2' : 'c1',
    ...(i % 13 === 0 ? { deleted_at: '2026-11-01T00:00:00Z' } : {}),
  }));
  const latest = new Map(doors.filter((_, i) => i % 5 !== 0).map((d, i) => [d.id, now - (i % 90) * H] as const));
  // A door of the active campus the window has as 80 h late: the looked-up check below says 3 h.
  const lateInWindow = doors.find((d, i) => i % 11 !== 0 && i % 13 !== 0 && i % 10 !== 0 && latest.get(d.id) === now - 80 * H)!.id;
  // Doors with no check in the window whose older latest check was looked up, and two the window has too (the
  // looked-up check wins, as when the two were merged into one map).
  const older = new Map([
    ...doors.filter((_, i) => i % 10 === 0).map((d, i) => [d.id, now - (40 + i) * H] as const),
    ['d2', now - 70 * H] as const,
    [lateInWindow, now - 3 * H] as const,
  ]);
  const at = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');
  // An escalated door (checked 60 h ago) of the active campus, acknowledged.
  const acked = doors.find((d, i) => i % 11 !== 0 && i % 13 !== 0 && !older.has(d.id) && latest.get(d.id) === now - 60 * H)!;
  const acks = [{ id: 'k1', door_id: acked.id, last_check_at: at(now - 60 * H), level: 'escalated', note: 'On it', created_at: at(now) }];

  it('gives the one-pass answer, pausing between steps, with the older checks in it', async () => {
    let pauses = 0;
    const stepped = await buildMissedCheckAlertsInSteps(
      { doors, campuses, latest, older, acks, policy, now },
      async () => {
        pauses++;
      },
      () => false,
    );
    const merged = new Map(latest);
    for (const [id, t] of older) merged.set(id, t);
    const whole = buildMissedCheckAlerts({ doors, campuses, latest: merged, acks, policy, now });
    expect(stepped).toEqual(whole);
    expect(whole.length).toBeGreaterThan(500);
    expect(whole.some((a) => a.ack?.note === 'On it')).toBe(true);
    expect(pauses).toBe(5);
  });

  it('the looked-up older check wins over the window’s', async () => {
    const stepped = await buildMissedCheckAlertsInSteps(
      { doors, campuses, latest, older, acks: [], policy, now },
      async () => {},
      () => false,
    );
    const byDoor = new Map((stepped ?? []).map((a) => [a.doorId, a]));
    expect(byDoor.get('d2')?.lastCheck).toBe(now - 70 * H);
    expect(byDoor.has(lateInWindow)).toBe(false);
    const windowOnly = await buildMissedCheckAlertsInSteps(
      { doors, campuses, latest, acks: [], policy, now },
      async () => {},
      () => false,
    );
    expect(windowOnly?.find((a) => a.doorId === lateInWindow)?.status.level).toBe('escalated');
  });

  it('acks applied afterwards give the answer built with them', async () => {
    const bare = await buildMissedCheckAlertsInSteps(
      { doors, campuses, latest, older, acks: [], policy, now },
      async () => {},
      () => false,
    );
    expect(bare?.some((a) => a.ack)).toBe(false);
    const merged = new Map(latest);
    for (const [id, t] of older) merged.set(id, t);
    const overdue = bare!.find((a) => a.status.level === 'overdue')!;
    const more = [
      ...acks,
      // An overdue door's ack, and an ack of an earlier episode that covers nothing.
      {
        id: 'k2',
        door_id: overdue.doorId,
        last_check_at: overdue.lastCheck === null ? null : at(overdue.lastCheck),
        level: 'overdue',
        note: 'Seen',
        created_at: at(now),
      },
      { id: 'k3', door_id: overdue.doorId, last_check_at: at(now - 500 * H), level: 'overdue', note: 'Old', created_at: at(now - 400 * H) },
    ];
    expect(withAcks(bare!, more)).toEqual(buildMissedCheckAlerts({ doors, campuses, latest: merged, acks: more, policy, now }));
    expect(
      withAcks(bare!, more)
        .filter((a) => a.ack)
        .map((a) => a.ack?.note),
    ).toEqual(expect.arrayContaining(['On it', 'Seen']));
  });

  it('stops when asked', async () => {
    let pauses = 0;
    const stepped = await buildMissedCheckAlertsInSteps(
      { doors, campuses, latest, acks: [], policy, now },
      async () => {
        pauses++;
      },
      () => pauses >= 2,
    );
    expect(stepped).toBeNull();
    expect(pauses).toBe(2);
  });
});
