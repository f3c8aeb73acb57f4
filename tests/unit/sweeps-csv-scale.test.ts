import { describe, expect, it } from 'vitest';
import { buildComplianceReport } from '../../src/features/sweeps/compliance';
import { COMPLIANCE_CSV_COLUMNS, complianceCsv } from '../../src/features/sweeps/compliance-csv';

const H = 3_600_000;
const MON = Date.UTC(2026, 2, 2);
const WEEK = { start: MON, end: MON + 168 * H };

describe('complianceCsv', () => {
  it('writes one row a door with the project CSV escaping (quotes, commas, formulas)', () => {
    const report = buildComplianceReport({
      doors: [
        { id: 'd1', door_number: 'EA1', name: 'Main, "front"', campus_id: 'c1', door_groups: ['exterior'], created_at: null },
        { id: 'd2', door_number: 'EA2', name: '=HYPERLINK("x")', campus_id: 'c1', door_groups: ['exterior'], created_at: null },
      ],
      campuses: [{ id: 'c1', campus_name: 'North', active: true }],
      logs: [{ id: 'l1', door_id: 'd1', user_id: 'u1', created_at: new Date(MON + H).toISOString() }],
      intervalChanges: [{ hours: 24, effective_at: new Date(0).toISOString() }],
      maintenance: [],
      sweeps: [],
      sweepDoors: [],
      users: [],
      campusId: 'c1',
      group: 'exterior',
      period: WEEK,
      now: WEEK.end,
      timeZone: 'UTC',
    });
    const lines = complianceCsv(report.doors, (ms) => new Date(ms).toISOString()).split('\r\n');
    expect(lines[0]).toBe(COMPLIANCE_CSV_COLUMNS.join(','));
    expect(lines[1]).toBe('North,EA1,"Main, ""front""",1,7,1,14.2%,2026-03-02T01:00:00.000Z,No');
    expect(lines[2]).toBe(`North,EA2,"'=HYPERLINK(""x"")",0,7,0,0.0%,,Yes`);
    expect(lines[3]).toBe('');
  });
});

describe('the report at the size of the bench (5,000 doors, 200,000 logs)', () => {
  it('completes, with every check accounted for', () => {
    const doors = Array.from({ length: 5000 }, (_, i) => ({
      id: `d${i}`,
      door_number: `EA${i + 1}`,
      name: '',
      campus_id: `c${i % 5}`,
      door_groups: ['exterior'],
      created_at: '2025-01-01T00:00:00Z',
    }));
    const campuses = Array.from({ length: 5 }, (_, i) => ({ id: `c${i}`, campus_name: `Campus ${i}`, active: true }));
    // Spread over four weeks around the reported one, so most logs are outside the period.
    const logs = Array.from({ length: 200_000 }, (_, i) => ({
      id: `l${i}`,
      door_id: `d${(i * 7919) % 5000}`,
      user_id: `u${i % 40}`,
      door_status: 'operational',
      created_at: new Date(MON - 2 * 168 * H + ((i * 2_654_435_761) % (4 * 168 * H))).toISOString(),
    }));
    const report = buildComplianceReport({
      doors,
      campuses,
      logs,
      intervalChanges: [
        { hours: 24, effective_at: '2020-01-01T00:00:00Z' },
        { hours: 4, effective_at: new Date(MON + 60 * H).toISOString() },
      ],
      maintenance: [],
      sweeps: [],
      sweepDoors: [],
      users: [],
      campusId: null,
      group: 'exterior',
      period: WEEK,
      now: WEEK.end,
      timeZone: 'America/Chicago',
    });
    expect(report.doors).toHaveLength(5000);
    const inPeriod = report.doors.reduce((s, d) => s + d.checks, 0);
    expect(report.checksPerDay.reduce((s, d) => s + d.count, 0)).toBe(inPeriod);
    expect(report.officers.reduce((s, o) => s + o.checks, 0)).toBe(inPeriod);
    expect(report.byCampus).toHaveLength(5);
    expect(report.overall.share).not.toBeNull();
  });
});
