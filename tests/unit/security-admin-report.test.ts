import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  describeFilters,
  doorLogPdfRows,
  doorRangeFilterError,
  joinDoorLogs,
  statusLabel,
  userDisplayName,
} from '../../src/features/security/admin/door-log-report';
import { doorLogFilterSchema, PAGE_SIZE } from '../../src/features/security/admin/door-log-report-modal';
import { DOOR_LOG_CSV_COLUMNS, doorLogCsv, doorLogPredicate, doorLogReportFileName, inDoorRange } from '../../src/features/security/model';
import { makeReportFixture } from '../bench/reports';

const campuses = [{ id: 'c1', campus_name: 'North' }];
const doors = [
  { id: 'd1', door_number: 'EA1', campus_id: 'c1' },
  { id: 'd2', door_number: 'EA2', campus_id: 'c1' },
  { id: 'd10', door_number: 'EA10', campus_id: 'c1' },
  { id: 'd11', door_number: 'EA11', campus_id: 'c1' },
];
const users = [
  { id: 'u1', first_name: 'Ana', last_name: 'Lee', email: 'ana@x.test' },
  { id: 'u2', email: 'only@x.test' },
];
const local = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min).toISOString();
const logs = [
  {
    id: 'a',
    door_id: 'd1',
    user_id: 'u1',
    door_status: 'operational',
    door_problem: 'none',
    maintenance: 'no',
    notes: 'ok',
    created_at: local(2026, 3, 1, 8),
  },
  {
    id: 'b',
    door_id: 'd2',
    user_id: 'u2',
    door_status: 'maintenance',
    door_problem: 'Latch, "sticky"',
    maintenance: 'yes',
    notes: 'line1\nline2',
    created_at: local(2026, 3, 2, 23, 59),
  },
  {
    id: 'c',
    door_id: 'd10',
    user_id: 'gone',
    door_status: 'out_of_service',
    door_problem: '',
    maintenance: '',
    campus: 'South',
    notes: null,
    created_at: local(2026, 3, 3, 0, 0),
  },
  {
    id: 'd',
    door_id: 'd11',
    user_id: null,
    door_status: 'operational',
    door_problem: 'No',
    maintenance: 'None',
    notes: '=SUM(A1)',
    created_at: local(2026, 3, 4, 12),
  },
];

describe('joinDoorLogs', () => {
  const rows = joinDoorLogs(logs, doors, users, campuses);
  it('joins door numbers, campus names and user names, newest first', () => {
    expect(rows.map((r) => r.id)).toEqual(['d', 'c', 'b', 'a']);
    const a = rows.find((r) => r.id === 'a')!;
    expect(a).toMatchObject({ door_number: 'EA1', campus: 'North', user_name: 'Ana Lee' });
    expect(rows.find((r) => r.id === 'b')!.user_name).toBe('only@x.test');
  });
  it('falls back to Unknown User and keeps the campus the check recorded', () => {
    const c = rows.find((r) => r.id === 'c')!;
    expect(c.user_name).toBe('Unknown User');
    expect(c.campus).toBe('South');
    expect(rows.find((r) => r.id === 'd')!.user_name).toBe('Unknown User');
    expect(userDisplayName(undefined)).toBe('Unknown User');
  });
  it('filters with the spec meaning: door order range, yes/no, whole-day end date', () => {
    const ids = (f: Parameters<typeof doorLogPredicate>[0]) =>
      rows
        .filter(doorLogPredicate(f))
        .map((r) => r.id)
        .sort();
    expect(ids({ doorRange: 'ea1-ea10' })).toEqual(['a', 'b', 'c']);
    expect(ids({ problem: 'yes' })).toEqual(['b']);
    expect(ids({ problem: 'no' })).toEqual(['a', 'c', 'd']);
    expect(ids({ maintenance: 'no' })).toEqual(['a', 'c', 'd']);
    expect(ids({ endDate: '2026-03-02' })).toEqual(['a', 'b']);
    expect(ids({ startDate: '2026-03-03', endDate: '2026-03-03' })).toEqual(['c']);
    expect(ids({ campus: 'North', status: 'operational' })).toEqual(['a', 'd']);
    expect(ids({ userId: 'u1' })).toEqual(['a']);
  });
  it('exports CSV with the spec columns that parses back exactly (commas, quotes, new lines, formulas)', () => {
    const csv = doorLogCsv(rows, (iso) => iso);
    const parsed = Papa.parse<string[]>(csv.trimEnd(), { skipEmptyLines: false });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual([...DOOR_LOG_CSV_COLUMNS]);
    const b = parsed.data.find((r) => r[1] === 'EA2')!;
    expect(b[4]).toBe('Latch, "sticky"');
    expect(b[7]).toBe('line1\nline2');
    expect(b[6]).toBe('only@x.test');
    expect(parsed.data.find((r) => r[1] === 'EA11')![7]).toBe("'=SUM(A1)");
    expect(doorLogReportFileName(new Date(2026, 0, 5), 'csv')).toBe('door-logs-report-2026-01-05.csv');
  });
  it('builds PDF rows in the CSV column order with readable statuses', () => {
    const pdf = doorLogPdfRows(rows, (iso) => iso);
    expect(pdf[0]).toHaveLength(DOOR_LOG_CSV_COLUMNS.length);
    expect(pdf.find((r) => r[1] === 'EA10')![3]).toBe('Out of Service');
    expect(statusLabel(null)).toBe('');
  });
});

describe('report filters', () => {
  it('describes only the filters in use', () => {
    expect(describeFilters({}, () => '')).toEqual([]);
    expect(
      describeFilters(
        { endDate: '2026-03-02', doorRange: 'EA1-EA10', status: 'out_of_service', userId: 'u1', problem: 'yes' },
        () => 'Ana Lee',
      ),
    ).toEqual([
      ['To', '2026-03-02 (whole day)'],
      ['Door range', 'EA1-EA10'],
      ['Status', 'Out of Service'],
      ['User', 'Ana Lee'],
      ['Problem', 'Yes'],
    ]);
  });
  it('accepts an empty or complete A-B range and explains a half-typed one', () => {
    expect(doorRangeFilterError('')).toBeNull();
    expect(doorRangeFilterError('EA1-EA10')).toBeNull();
    expect(doorRangeFilterError('EA1')).toMatch(/A-B/);
    expect(doorRangeFilterError('EA1-')).toMatch(/A-B/);
  });
  it('validates the filter form with zod', () => {
    const base = { startDate: '', endDate: '', doorRange: '', campus: '', status: '', userId: '', problem: '', maintenance: '' };
    expect(doorLogFilterSchema.safeParse(base).success).toBe(true);
    expect(doorLogFilterSchema.safeParse({ ...base, doorRange: '-EA3' }).success).toBe(false);
    expect(doorLogFilterSchema.safeParse({ ...base, startDate: '2026-03-05', endDate: '2026-03-01' }).success).toBe(false);
    expect(doorLogFilterSchema.safeParse({ ...base, problem: 'maybe' }).success).toBe(false);
    expect(PAGE_SIZE).toBeLessThanOrEqual(100);
  });
  it('filters 20,000 cached logs as a row-by-row reading of the filter does (its speed is the bench: reports.filter-ms)', () => {
    const fx = makeReportFixture(20_000);
    const joined = joinDoorLogs(fx.logs, fx.doors, fx.users, fx.campuses);
    const filter = { doorRange: 'EA1-EA300', problem: 'no', startDate: '2026-01-05' } as const;
    const kept = joined.filter(doorLogPredicate(filter));
    // The same rules, applied naively: no parse-once times, no per-door memo.
    const from = new Date(2026, 0, 5).getTime();
    const naive = joined.filter(
      (r) =>
        Date.parse(r.created_at) >= from &&
        inDoorRange(r.door_number, { from: 'EA1', to: 'EA300' }) &&
        ['', 'no', 'none'].includes((r.door_problem ?? '').trim().toLowerCase()),
    );
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.map((r) => r.id)).toEqual(naive.map((r) => r.id));
  });
});
