/**
 * The parking reports (issue 15): violations per type and per week (weeks
 * from Monday in the device's zone), repeat offenders (by student, else by
 * plate however it was written), permits ending in the next 30 days (edges
 * included, not past their end), the CSV exports (formula cells defused)
 * and the violation types editor's rules. Removed rows never count.
 *
 * Times are built with the local Date constructor, so each case means the
 * same wall-clock moment in whatever zone the suite runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  checkViolationTypes,
  csvCell,
  csvFileName,
  expiringPermits,
  localDayOf,
  MAX_TYPE_LENGTH,
  MAX_TYPES,
  PERMIT_CSV_HEADER,
  permitsCsv,
  repeatOffenders,
  toCsv,
  VIOLATION_CSV_HEADER,
  violationsByType,
  violationsByWeek,
  violationsCsv,
  weekStart,
} from '../../src/features/student-parking/reports/parking-reports';

// A Tuesday; its week starts on Monday 2026-11-23.
const TODAY = '2026-11-24';
const REMOVED = '2026-11-20T10:00:00.000Z';

/** A local wall-clock moment as the ISO timestamp a row stores. */
function at(y: number, month: number, d: number, h = 12, min = 0): string {
  return new Date(y, month - 1, d, h, min).toISOString();
}

let n = 0;
function violation(values: Record<string, unknown>): Record<string, unknown> {
  n += 1;
  return { id: `v${n}`, violation_type: 'Wrong spot', status: 'open', occurred_at: at(2026, 11, 20), ...values };
}

function permit(values: Record<string, unknown>): Record<string, unknown> {
  n += 1;
  return {
    id: `p${n}`,
    student_id: `S-${n}`,
    student_name: `Student ${n}`,
    license_plate: `TX ${n}`,
    status: 'active',
    issued_on: '2026-01-01',
    expires_on: '2027-06-01',
    ...values,
  };
}

describe('day arithmetic', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // Monday: its own week
    ['2026-11-24', '2026-11-23'],
    ['2026-11-22', '2026-11-16'], // Sunday: the week that began six days before
    ['2026-11-28', '2026-11-23'],
    ['2026-01-01', '2025-12-29'], // across the new year
    ['2026-03-08', '2026-03-02'], // the Sunday clocks change in the US
    ['2026-03-09', '2026-03-09'],
  ])('the week of %s starts on %s', (day, monday) => expect(weekStart(day)).toBe(monday));

  it('adds days across month, year and daylight saving changes', () => {
    expect(addDays('2026-11-24', 30)).toBe('2026-12-24');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it("reads a timestamp as the device's day and a bare date as itself", () => {
    expect(localDayOf(at(2026, 11, 22, 23, 59))).toBe('2026-11-22');
    expect(localDayOf(at(2026, 11, 23, 0, 0))).toBe('2026-11-23');
    expect(localDayOf('2026-11-23')).toBe('2026-11-23');
    expect(localDayOf('not a date')).toBeNull();
    expect(localDayOf(null)).toBeNull();
  });
});

describe('violationsByType', () => {
  it('counts by the label shown, most first, ties by name, removed rows left out', () => {
    const rows = [
      violation({ violation_type: 'Fire lane' }),
      violation({ violation_type: 'fire_lane' }), // a legacy code: the same type
      violation({ violation_type: 'No permit' }),
      violation({ violation_type: 'Blocking traffic' }),
      violation({ violation_type: 'No permit' }),
      violation({ violation_type: 'Fire lane' }),
      violation({ violation_type: 'Blocking traffic', deleted_at: REMOVED }),
      violation({ violation_type: 'Wrong spot', deleted_at: REMOVED }),
    ];
    expect(violationsByType(rows)).toEqual([
      { type: 'Fire lane', count: 3 },
      { type: 'No permit', count: 2 },
      { type: 'Blocking traffic', count: 1 },
    ]);
  });

  it('is empty with no violations', () => expect(violationsByType([])).toEqual([]));
});

describe('violationsByWeek', () => {
  it('lists the last 8 weeks from Monday, newest first, empty weeks included', () => {
    const weeks = violationsByWeek([], TODAY);
    expect(weeks.map((w) => w.start)).toEqual([
      '2026-11-23',
      '2026-11-16',
      '2026-11-09',
      '2026-11-02',
      '2026-10-26',
      '2026-10-19',
      '2026-10-12',
      '2026-10-05',
    ]);
    expect(weeks[0]).toEqual({ start: '2026-11-23', end: '2026-11-29', count: 0, open: 0 });
    expect(weeks.every((w) => w.count === 0)).toBe(true);
  });

  it('puts Sunday night in the week before and Monday midnight in the new week', () => {
    const weeks = violationsByWeek(
      [
        violation({ occurred_at: at(2026, 11, 22, 23, 59) }), // Sunday
        violation({ occurred_at: at(2026, 11, 23, 0, 0), status: 'resolved' }), // Monday
        violation({ occurred_at: at(2026, 11, 24, 8, 0) }),
        violation({ occurred_at: at(2026, 11, 16, 0, 0) }), // Monday a week earlier
      ],
      TODAY,
    );
    expect(weeks[0]).toMatchObject({ start: '2026-11-23', count: 2, open: 1 });
    expect(weeks[1]).toMatchObject({ start: '2026-11-16', count: 2, open: 2 });
    expect(weeks.slice(2).every((w) => w.count === 0)).toBe(true);
  });

  it('counts the oldest week whole and nothing before it, after this week or removed', () => {
    const weeks = violationsByWeek(
      [
        violation({ occurred_at: at(2026, 10, 5, 0, 0) }), // first moment of the oldest week
        violation({ occurred_at: at(2026, 10, 4, 23, 59) }), // the Sunday before: out
        violation({ occurred_at: at(2026, 11, 30, 9, 0) }), // next week (a device clock ahead): out
        violation({ occurred_at: at(2026, 11, 24), deleted_at: REMOVED }),
        violation({ occurred_at: '', created_at: at(2026, 11, 10) }), // no occurred_at: when the row was made
      ],
      TODAY,
    );
    expect(weeks.at(-1)).toMatchObject({ start: '2026-10-05', count: 1 });
    expect(weeks.find((w) => w.start === '2026-11-09')?.count).toBe(1);
    expect(weeks.reduce((s, w) => s + w.count, 0)).toBe(2);
  });

  describe("in the device's time zone", () => {
    const saved = process.env.TZ;
    afterEach(() => {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    });

    it('a Sunday evening in Chicago is that Sunday, though UTC is already Monday', () => {
      process.env.TZ = 'America/Chicago';
      // 03:30 UTC on Monday is 21:30 on Sunday in Chicago (UTC-6 in November).
      const weeks = violationsByWeek([violation({ occurred_at: '2026-11-23T03:30:00.000Z' })], TODAY);
      expect(weeks.find((w) => w.start === '2026-11-16')?.count).toBe(1);
      expect(weeks[0]?.count).toBe(0);
    });
  });
});

describe('repeatOffenders', () => {
  it('groups by student id when there is one, else by plate however it was written', () => {
    const rows = [
      // A student: three violations, one on another car, the id written in another case.
      violation({ student_id: 'LISD-1', student_name: 'Olivia Walker', license_plate: 'TX OWK-7719', occurred_at: at(2026, 10, 20) }),
      violation({
        student_id: 'lisd-1 ',
        student_name: 'Olivia Walker',
        license_plate: 'TX NEW-1',
        status: 'resolved',
        occurred_at: at(2026, 11, 1),
      }),
      violation({
        student_id: 'LISD-1',
        student_name: 'Olivia Walker',
        license_plate: 'TX OWK-7719',
        occurred_at: at(2026, 11, 21, 9, 30),
      }),
      // A car with no student: the same plate three ways.
      violation({ license_plate: 'tx qzk 2218', occurred_at: at(2026, 11, 22) }),
      violation({ license_plate: 'TX-QZK-2218', status: 'resolved', occurred_at: at(2026, 11, 15) }),
      violation({ license_plate: 'TX QZK2218', occurred_at: at(2026, 11, 4) }),
      // That plate with a student named goes to the student, not the car.
      violation({ student_id: 'LISD-9', student_name: 'Jackson Lee', license_plate: 'TX QZK 2218', occurred_at: at(2026, 11, 2) }),
      violation({ student_id: 'LISD-9', student_name: 'Jackson Lee', license_plate: 'TX JKL-5092', occurred_at: at(2026, 11, 3) }),
      // Once only: not a repeat.
      violation({ student_id: 'LISD-5', student_name: 'Noah Patel', license_plate: 'TX NPT-3308' }),
      // Twice, but one removed: not a repeat.
      violation({ student_id: 'LISD-6', license_plate: 'TX AVT-6120' }),
      violation({ student_id: 'LISD-6', license_plate: 'TX AVT-6120', deleted_at: REMOVED }),
      // Neither student nor plate: cannot be matched to anyone.
      violation({ student_name: 'Unknown' }),
      violation({ student_name: 'Unknown' }),
    ];
    const out = repeatOffenders(rows);
    expect(out.map((o) => [o.by, o.studentName || o.plate, o.count, o.open])).toEqual([
      // Equal counts: the most recent first.
      ['plate', 'tx qzk 2218', 3, 2],
      ['student', 'Olivia Walker', 3, 2],
      ['student', 'Jackson Lee', 2, 2],
    ]);
    expect(out[0]?.last).toBe(at(2026, 11, 22));
    expect(out[1]).toMatchObject({ studentId: 'LISD-1', plate: 'TX OWK-7719', last: at(2026, 11, 21, 9, 30) });
  });

  it('puts more violations before a more recent one', () => {
    const rows = [
      violation({ student_id: 'A', occurred_at: at(2026, 11, 23) }),
      violation({ student_id: 'A', occurred_at: at(2026, 11, 23) }),
      violation({ student_id: 'B', occurred_at: at(2026, 10, 1) }),
      violation({ student_id: 'B', occurred_at: at(2026, 10, 2) }),
      violation({ student_id: 'B', occurred_at: at(2026, 10, 3) }),
    ];
    expect(repeatOffenders(rows).map((o) => [o.studentId, o.count])).toEqual([
      ['B', 3],
      ['A', 2],
    ]);
  });
});

describe('expiringPermits', () => {
  it('keeps permits in force ending between today and today + 30, both included, soonest first', () => {
    const rows = [
      permit({ student_name: 'Ends in 30', expires_on: '2026-12-24' }),
      permit({ student_name: 'Ends today', expires_on: TODAY }),
      permit({ student_name: 'Ends in 31', expires_on: '2026-12-25' }),
      permit({ student_name: 'Ended yesterday', expires_on: '2026-11-23' }), // past its end: shows expired
      permit({ student_name: 'Suspended', status: 'suspended', expires_on: '2026-12-01' }),
      permit({ student_name: 'Stored expired', status: 'expired', expires_on: '2026-12-01' }),
      permit({ student_name: 'Removed', expires_on: '2026-12-01', deleted_at: REMOVED }),
      permit({ student_name: 'No end', expires_on: null }),
      permit({ student_name: 'Ends in 12', expires_on: '2026-12-06' }),
    ];
    const out = expiringPermits(rows, TODAY);
    expect(out.map((e) => [e.permit.student_name, e.expiresOn, e.daysLeft])).toEqual([
      ['Ends today', TODAY, 0],
      ['Ends in 12', '2026-12-06', 12],
      ['Ends in 30', '2026-12-24', 30],
    ]);
  });

  it('reads an end stored as a timestamp by its day', () => {
    const out = expiringPermits([permit({ expires_on: '2026-12-01T00:00:00+00:00' })], TODAY);
    expect(out.map((e) => e.expiresOn)).toEqual(['2026-12-01']);
  });
});

describe('CSV', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 555 0101', "'+1 555 0101"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tTabbed', "'\tTabbed"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['Parked, again', '"Parked, again"'],
    ['Said "no"', '"Said ""no"""'],
    ['line 1\nline 2', '"line 1\nline 2"'],
    [' padded', '" padded"'],
    ['TX QZK-2218', 'TX QZK-2218'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [-5, '-5'], // a number is a number, not a formula
    [3, '3'],
  ] as const)('%j -> %j', (cell, out) => expect(csvCell(cell)).toBe(out));

  it('writes a header and CRLF-ended rows', () => {
    expect(toCsv(['a', 'b'], [['1', '=2']])).toBe("a,b\r\n1,'=2\r\n");
  });

  it('exports every violation not removed, newest first, formulas defused', () => {
    const csv = violationsCsv([
      violation({
        occurred_at: at(2026, 11, 20, 7, 5),
        violation_type: 'fire_lane',
        license_plate: 'TX OWK-7719',
        student_id: 'LISD-1',
        student_name: 'Olivia Walker',
        location: 'Gym, north side',
        status: 'resolved',
        resolved_at: at(2026, 11, 21, 16, 45),
        description: '=cmd|calc',
      }),
      violation({ occurred_at: at(2026, 11, 22, 8, 0), license_plate: 'tx qzk 2218', description: 'Second note' }),
      violation({ occurred_at: at(2026, 11, 23), deleted_at: REMOVED }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(VIOLATION_CSV_HEADER.join(','));
    expect(lines[0]).toBe('Date,Type,License plate,Student ID,Student name,Location,Status,Resolved at,Description');
    expect(lines[1]).toBe('2026-11-22 08:00,Wrong spot,tx qzk 2218,,,,Open,,Second note');
    expect(lines[2]).toBe(
      `2026-11-20 07:05,Fire lane,TX OWK-7719,LISD-1,Olivia Walker,"Gym, north side",Resolved,2026-11-21 16:45,'=cmd|calc`,
    );
    expect(lines).toHaveLength(4); // header, two rows, and the empty string after the last CRLF
    expect(lines[3]).toBe('');
  });

  it('exports every permit not removed with the status it shows today', () => {
    const csv = permitsCsv(
      [
        permit({
          student_id: 'LISD-7',
          student_name: 'Liam Chen',
          grade: '12',
          license_plate: 'TX LCH-8841',
          vehicle_description: 'Black Honda Accord',
          parking_spot_number: 'S-040',
          status: 'active',
          issued_on: '2026-01-28',
          expires_on: '2026-11-18',
        }),
        permit({ student_name: 'Ava Thompson', status: 'suspended', license_plate: '@AVT', expires_on: '2027-01-01' }),
        permit({ student_name: 'Zed Removed', deleted_at: REMOVED }),
      ],
      TODAY,
    );
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(PERMIT_CSV_HEADER.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^S-\d+,Ava Thompson,,'@AVT,,,Suspended,2026-01-01,2027-01-01$/);
    // Stored active but past its end: Expired, as every screen shows it.
    expect(lines[2]).toBe('LISD-7,Liam Chen,12,TX LCH-8841,Black Honda Accord,S-040,Expired,2026-01-28,2026-11-18');
  });

  it('names the file by what, whose and which day', () => {
    expect(csvFileName('violations', 'lincoln-isd', TODAY)).toBe('parking-violations-lincoln-isd-2026-11-24.csv');
    expect(csvFileName('permits', 'Odd Slug/..', TODAY)).toBe('parking-permits-odd-slug-2026-11-24.csv');
  });
});

describe('checkViolationTypes', () => {
  it('trims, drops blank lines and repeats (case ignored)', () => {
    expect(checkViolationTypes('  Fire lane \n\nNo permit\r\nfire LANE\n  \nWrong spot')).toEqual({
      ok: true,
      types: ['Fire lane', 'No permit', 'Wrong spot'],
      value: 'Fire lane\nNo permit\nWrong spot',
    });
  });

  it('needs at least one type', () => {
    expect(checkViolationTypes(' \n \n')).toMatchObject({ ok: false, error: expect.stringContaining('at least one') });
  });

  it(`takes types of ${MAX_TYPE_LENGTH} characters, not ${MAX_TYPE_LENGTH + 1}`, () => {
    expect(checkViolationTypes('x'.repeat(MAX_TYPE_LENGTH)).ok).toBe(true);
    const refused = checkViolationTypes(`Fire lane\n${'y'.repeat(MAX_TYPE_LENGTH + 1)}`);
    expect(refused).toMatchObject({ ok: false, error: expect.stringContaining(`has ${MAX_TYPE_LENGTH + 1}`) });
  });

  it(`takes ${MAX_TYPES} types, not ${MAX_TYPES + 1}`, () => {
    const list = (k: number) => Array.from({ length: k }, (_, i) => `Type ${i + 1}`).join('\n');
    expect(checkViolationTypes(list(MAX_TYPES)).ok).toBe(true);
    expect(checkViolationTypes(list(MAX_TYPES + 1))).toMatchObject({ ok: false, error: expect.stringContaining(`has ${MAX_TYPES + 1}`) });
    // Repeats do not count against the limit.
    expect(checkViolationTypes(`${list(MAX_TYPES)}\nType 1`).ok).toBe(true);
  });
});
