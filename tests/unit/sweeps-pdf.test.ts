import { describe, expect, it } from 'vitest';
import { buildComplianceReport } from '../../src/features/sweeps/compliance';
import { buildCompliancePdf } from '../../src/features/sweeps/compliance-pdf';
import { buildSweepPdf } from '../../src/features/sweeps/sweep-pdf';
import { sweepProgress } from '../../src/features/sweeps/sweep-progress';
import { pdfText, shownText } from '../support/pdf-text';

const pages = (text: string) => Number(/\/Count (\d+)/.exec(text)?.[1]);

const H = 3_600_000;
const MON = Date.UTC(2026, 2, 2);
const iso = (ms: number) => new Date(ms).toISOString();
const WEEK = { start: MON, end: MON + 168 * H };

function report() {
  const doors = ['EA1', 'EA2', 'EA10'].map((n) => ({
    id: `d-${n}`,
    door_number: n,
    name: `Door ${n}`,
    campus_id: 'c1',
    door_groups: ['exterior'],
    created_at: iso(MON - 100 * H),
  }));
  // EA1 checked every day, EA2 on Monday only, EA10 never: 8 of 21 intervals.
  const logs = [
    ...Array.from({ length: 7 }, (_, i) => ({ id: `a${i}`, door_id: 'd-EA1', user_id: 'u1', created_at: iso(MON + i * 24 * H + 9 * H) })),
    { id: 'b', door_id: 'd-EA2', user_id: 'u2', created_at: iso(MON + 10 * H) },
  ];
  return buildComplianceReport({
    doors,
    campuses: [{ id: 'c1', campus_name: 'North', active: true }],
    logs,
    intervalChanges: [{ hours: 24, effective_at: iso(0) }],
    maintenance: [{ id: 'm1', door_id: 'd-EA10', status: 'open', description: 'Closer leaks', created_at: iso(MON + 24 * H) }],
    sweeps: [
      {
        id: 's1',
        campus_id: 'c1',
        kind: 'lockdown_drill',
        door_group: 'exterior',
        started_at: iso(MON + 14 * H),
        started_by_name: 'Sam Reyes',
        ended_at: iso(MON + 14 * H + 12 * 60_000),
        ended_by_name: 'Sam Reyes',
      },
    ],
    sweepDoors: [
      {
        id: 'x1',
        sweep_id: 's1',
        door_id: 'd-EA1',
        door_number: 'EA1',
        outcome: 'secured',
        checked_at: iso(MON + 14 * H + 60_000),
        checked_by_name: 'Ana Lee',
      },
      { id: 'x2', sweep_id: 's1', door_id: 'd-EA2', door_number: 'EA2', outcome: null },
    ],
    users: [
      { id: 'u1', first_name: 'Ana', last_name: 'Lee', email: 'ana@x.org' },
      { id: 'u2', email: 'bo.chen@x.org' },
    ],
    campusId: 'c1',
    group: 'exterior',
    period: WEEK,
    now: MON + 8 * 24 * H,
    timeZone: 'UTC',
  });
}

describe('buildCompliancePdf', () => {
  it('writes the header, the overall figure with the rule, both charts and every table', () => {
    const text = pdfText(
      buildCompliancePdf({
        tenant: 'Demo District',
        campus: 'North',
        group: 'exterior',
        report: report(),
        generatedAt: new Date(MON),
        timeZone: 'UTC',
      }),
    );
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('(Sweep Compliance Report)');
    expect(text).toContain('(Tenant: Demo District)');
    expect(text).toContain('Door group: exterior');
    expect(text).toContain('(Overall compliance: 38.0% \\(8 of 21 required intervals had a check\\))');
    expect(shownText(text)).toContain('Compliance = required intervals with a check \xf7 required intervals.');
    // The charts: titles, axis values and the day labels.
    expect(text).toContain('(Checks per day)');
    expect(text).toContain('(Compliance per campus)');
    expect(text).toContain('(Mon 3/2)');
    expect(text).toContain('(38.0%)');
    // Per-door rows, never checked, open problems with days outstanding, sweeps, officers.
    expect(text).toContain('(EA10)');
    expect(text).toContain('(100.0%)');
    expect(text).toContain('(14.2%)');
    expect(text).toContain('(Doors never checked in the period)');
    expect(text).toContain('(Closer leaks)');
    expect(text).toMatch(/\(Open\)[\s\S]*\(7\)/);
    expect(text).toContain('(Lockdown drill)');
    expect(text).toContain('(1 of 2 secured)');
    expect(text).toContain('(12 min 00 s)');
    expect(text).toContain('(Bo Chen)');
    expect(text).toContain('(33.3%)');
    expect(text).toContain(`(Page 1 of ${pages(text)})`);
  });

  it('says when nothing was required instead of a percentage', () => {
    const empty = { ...report(), doors: [], neverChecked: [], overall: { required: 0, withCheck: 0, share: null }, byCampus: [] };
    const text = pdfText(buildCompliancePdf({ tenant: 't', campus: 'North', group: 'gym', report: empty, generatedAt: new Date(MON) }));
    expect(text).toContain('(Overall compliance: No checks were required)');
    expect(text).toContain('(No doors in this group.)');
  });
});

describe('buildSweepPdf', () => {
  const sweep = {
    id: 's1',
    campus_id: 'c1',
    kind: 'lockup',
    door_group: 'exterior',
    note: 'Evening lock-up',
    started_at: iso(MON + 18 * H),
    started_by_name: 'Sam Reyes',
    ended_at: iso(MON + 18 * H + 40 * 60_000),
    ended_by_name: 'Kim Park',
  };
  const sweepDoors = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: `x${i}`,
      sweep_id: 's1',
      door_id: `d${i}`,
      door_number: `EA${i + 1}`,
      outcome: i % 10 === 9 ? null : i % 10 === 8 ? 'problem' : 'secured',
      checked_at: i % 10 === 9 ? null : iso(MON + 18 * H + i * 1000),
      checked_by_name: i % 10 === 9 ? null : 'Ana Lee',
      problem: i % 10 === 8 ? 'Latch broken' : null,
    }));

  it('is one page with the sweep, x of y secured, each door and the doors not reached', () => {
    const progress = sweepProgress(sweep, sweepDoors(20), [], MON + 30 * H);
    const text = pdfText(
      buildSweepPdf({ tenant: 'Demo District', campus: 'North', sweep, progress, generatedAt: new Date(MON), timeZone: 'UTC' }),
    );
    expect(pages(text)).toBe(1);
    expect(text).toContain('(Sweep Summary: End-of-day lock-up)');
    expect(text).toContain('Door group: exterior');
    expect(text).toContain('by Sam Reyes)');
    expect(text).toContain('by Kim Park)');
    expect(text).toContain('(Duration: 40 min 00 s)');
    expect(text).toContain('(16 of 20 secured    Problems: 2    Not reached: 2)');
    expect(text).toContain('(EA10, EA20)');
    expect(text).toContain('(Latch broken)');
    expect(text).toContain('(Note: Evening lock-up)');
  });

  it('still fits one page for a group of 150 doors', () => {
    const progress = sweepProgress(sweep, sweepDoors(150), [], MON + 30 * H);
    const text = pdfText(buildSweepPdf({ tenant: 't', campus: 'North', sweep, progress, generatedAt: new Date(MON), timeZone: 'UTC' }));
    expect(pages(text)).toBe(1);
    expect(text).toContain('(EA149)');
    expect(text).toContain('(120 of 150 secured    Problems: 15    Not reached: 15)');
  });

  it('counts the doors not reached that do not fit in six lines', () => {
    const none = sweepDoors(600).map((d) => ({ ...d, outcome: null, checked_at: null, checked_by_name: null, problem: null }));
    const progress = sweepProgress(sweep, none, [], MON + 30 * H);
    const text = pdfText(buildSweepPdf({ tenant: 't', campus: 'North', sweep, progress, generatedAt: new Date(MON) }));
    const list = /Doors not reached (.*) and (\d+) more/.exec(shownText(text));
    const listed = (list?.[1] ?? '').match(/EA\d+/g)?.length ?? 0;
    expect(listed).toBeGreaterThan(50);
    expect(listed + Number(list?.[2])).toBe(600);
    expect(text).toContain('(No door was reached.)');
  });

  it('says a running sweep is running', () => {
    const running = { ...sweep, ended_at: null };
    const progress = sweepProgress(running, sweepDoors(3), [], MON + 18 * H + 5 * 60_000);
    const text = pdfText(buildSweepPdf({ tenant: 't', campus: 'North', sweep: running, progress, generatedAt: new Date(MON) }));
    expect(text).toContain('(Ended: still running)');
    expect(text).toContain('(Duration: 5 min 00 s so far)');
  });
});
