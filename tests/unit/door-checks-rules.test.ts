/**
 * The door-check rules added with the field release: failing checks and
 * their maintenance consequence, the form schema, due doors, the officer's
 * campus, door search and scanned-door lookup, QR image constants and the
 * campus label sheet.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkConsequence,
  CHECK_CONSEQUENCE_TEXT,
  checkFails,
  doorCheckFormSchema,
  doorLogStatusColor,
  doorLogValues,
  findScannedDoor,
  isOpenAutoRecord,
  latestCheckByDoor,
  matchesDoorSearch,
  overdueLabel,
  problemNoted,
} from '../../src/features/door-checks/model';
import { dueDoors, officerCampus, scanPath } from '../../src/features/door-checks/rounds-model';
import { logoPlacement, QR_IMAGE, qrPngFileName, qrSheetFileName, qrSheetLayout } from '../../src/features/door-checks/qr-layout';
import { classifyCameraError } from '../../src/features/door-checks/components/qr-scanner';

const H = 3_600_000;

describe('failing checks (DESIGN §11, mirrors public.door_check_fails)', () => {
  it.each([
    [{ door_status: 'operational' }, false],
    [{ door_status: 'operational', door_problem: '' }, false],
    [{ door_status: 'operational', door_problem: '  none ' }, false],
    [{ door_status: 'operational', door_problem: 'NO' }, false],
    [{ door_status: 'operational', door_problem: null }, false],
    [{ door_status: 'maintenance' }, true],
    [{ door_status: 'out_of_service', door_problem: 'no' }, true],
    [{ door_status: 'operational', door_problem: 'Closer leaking' }, true],
  ])('%j fails: %s', (check, expected) => {
    expect(checkFails(check)).toBe(expected);
  });

  it('problemNoted: yes is non-empty and not no/none', () => {
    expect(problemNoted(undefined)).toBe(false);
    expect(problemNoted(42)).toBe(false);
    expect(problemNoted('nonex')).toBe(true);
  });

  it('says what the server will do, never duplicating an open record', () => {
    expect(checkConsequence({ door_status: 'maintenance' }, false)).toBe('opens');
    expect(checkConsequence({ door_status: 'maintenance' }, true)).toBe('stays-open');
    expect(checkConsequence({ door_status: 'operational' }, true)).toBe('resolves');
    expect(checkConsequence({ door_status: 'operational' }, false)).toBe('none');
    expect(CHECK_CONSEQUENCE_TEXT.opens).toBe('Maintenance will be opened');
  });

  it('an open auto record has a source check and is open or in progress', () => {
    expect(isOpenAutoRecord({ source_door_log_id: 'x', status: 'open' })).toBe(true);
    expect(isOpenAutoRecord({ source_door_log_id: 'x', status: 'in_progress' })).toBe(true);
    expect(isOpenAutoRecord({ source_door_log_id: 'x', status: 'resolved' })).toBe(false);
    expect(isOpenAutoRecord({ source_door_log_id: null, status: 'open' })).toBe(false);
  });
});

describe('door log colours (spec §4)', () => {
  it('operational green, maintenance yellow, out_of_service red, other grey', () => {
    expect(doorLogStatusColor('operational')).toBe('green');
    expect(doorLogStatusColor('maintenance')).toBe('yellow');
    expect(doorLogStatusColor('out_of_service')).toBe('red');
    expect(doorLogStatusColor('locked')).toBe('grey');
    expect(doorLogStatusColor(null)).toBe('grey');
  });
});

describe('the check form', () => {
  it('trims and accepts a complete check', () => {
    const r = doorCheckFormSchema.parse({
      door_status: 'maintenance',
      door_problem: '  Hinge loose ',
      maintenance: 'yes',
      notes: ' ',
    });
    expect(r).toEqual({
      door_status: 'maintenance',
      door_problem: 'Hinge loose',
      maintenance: 'yes',
      notes: '',
    });
  });

  it('refuses unknown statuses and over-long text', () => {
    expect(
      doorCheckFormSchema.safeParse({
        door_status: 'broken',
        door_problem: '',
        maintenance: 'no',
        notes: '',
      }).success,
    ).toBe(false);
    expect(
      doorCheckFormSchema.safeParse({
        door_status: 'operational',
        door_problem: 'x'.repeat(501),
        maintenance: 'no',
        notes: '',
      }).success,
    ).toBe(false);
    expect(
      doorCheckFormSchema.safeParse({
        door_status: 'operational',
        door_problem: '',
        maintenance: 'maybe',
        notes: '',
      }).success,
    ).toBe(false);
  });

  it('becomes door_log columns with empty text as null', () => {
    expect(
      doorLogValues(
        {
          door_status: 'operational',
          door_problem: '',
          maintenance: 'no',
          notes: '',
        },
        { id: 'd1' },
        'Lincoln High School',
      ),
    ).toEqual({
      door_id: 'd1',
      campus: 'Lincoln High School',
      door_status: 'operational',
      door_problem: null,
      maintenance: 'no',
      notes: null,
    });
  });
});

describe('latest check per door and doors due', () => {
  const now = new Date(2026, 10, 22, 12, 0, 0, 0);
  const iso = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();

  it('keeps the latest time per door in one pass, whatever the order and offset format', () => {
    const m = latestCheckByDoor([
      { door_id: 'a', created_at: iso(3 * H) },
      { door_id: 'a', created_at: iso(1 * H).replace('Z', '+00:00') },
      { door_id: 'a', created_at: iso(2 * H) },
      { door_id: 'b', created_at: 'garbage' },
      { door_id: 7, created_at: iso(0) },
    ]);
    expect(m.get('a')).toBe(now.getTime() - H);
    expect(m.has('b')).toBe(false);
    expect(m.size).toBe(1);
  });

  it('lists Needs Check and Check Soon doors, never-checked first, then most overdue, ties in door order', () => {
    const doors = [
      { id: 'fresh', door_number: 'EA1' },
      { id: 'soon', door_number: 'EA2' },
      { id: 'late2', door_number: 'EA10' },
      { id: 'late1', door_number: 'EA3' },
      { id: 'never-b', door_number: 'EA5' },
      { id: 'never-a', door_number: 'EA4' },
      { id: '00000000-0000-0000-0000-000000000000', door_number: 'X' },
    ];
    const latest = new Map([
      ['fresh', now.getTime() - 2 * H],
      ['soon', now.getTime() - 23.5 * H],
      ['late1', now.getTime() - 30 * H],
      ['late2', now.getTime() - 26 * H],
    ]);
    const due = dueDoors(doors, latest, 24, now);
    expect(due.map((d) => d.door.id)).toEqual(['never-a', 'never-b', 'late1', 'late2', 'soon']);
    expect(due[2]!.overdueMs).toBe(6 * H);
    expect(due[4]!.freshness).toBe('check-soon');
    expect(due[4]!.overdueMs).toBe(-0.5 * H);
  });

  it('labels how overdue a door is', () => {
    expect(overdueLabel(Number.POSITIVE_INFINITY)).toBe('Never checked');
    expect(overdueLabel(3 * H + 5)).toBe('3 h overdue');
    expect(overdueLabel(-40 * 60_000)).toBe('Due in 40 min');
    expect(overdueLabel(0)).toBe('1 min overdue');
  });
});

describe("the officer's campus", () => {
  const campuses = [{ id: 'hs' }, { id: 'ms' }];
  const doors = new Map([
    ['d1', { campus_id: 'ms' }],
    ['d2', { campus_id: 'hs' }],
  ]);
  it('is the chosen one while it exists, else the latest check’s, else the first', () => {
    expect(officerCampus('hs', campuses, [{ door_id: 'd1' }], doors)).toBe('hs');
    expect(officerCampus('gone', campuses, [{ door_id: 'd1' }, { door_id: 'd2' }], doors)).toBe('ms');
    expect(officerCampus(null, campuses, [{ door_id: 'nope' }], doors)).toBe('hs');
    expect(officerCampus(null, [], [], doors)).toBeNull();
  });
});

describe('finding doors', () => {
  it('searches number, name, location and campus, every word, case-insensitively', () => {
    const door = {
      door_number: 'EA10',
      name: 'Exterior Access 10',
      location: 'North entrance',
    };
    expect(matchesDoorSearch(door, 'Lincoln High School', '')).toBe(true);
    expect(matchesDoorSearch(door, 'Lincoln High School', 'ea10')).toBe(true);
    expect(matchesDoorSearch(door, 'Lincoln High School', 'high north')).toBe(true);
    expect(matchesDoorSearch(door, 'Lincoln High School', 'middle')).toBe(false);
  });

  it('matches a scanned payload to the cached door of that campus', () => {
    const campuses = [
      { id: 'hs', campus_name: 'Lincoln High School' },
      { id: 'ms', campus_name: 'Lincoln Middle School' },
    ];
    const doors = [
      { id: '1', door_number: 'EA1', campus_id: 'hs' },
      { id: '2', door_number: 'EA1', campus_id: 'ms' },
    ];
    expect(findScannedDoor({ door_number: 'ea1', campus: 'lincoln middle school' }, doors, campuses)?.id).toBe('2');
    expect(findScannedDoor({ door_number: 'EA9', campus: 'Lincoln High School' }, doors, campuses)).toBeNull();
    expect(findScannedDoor({ door_number: 'EA1', campus: 'Elsewhere' }, doors, campuses)).toBeNull();
  });

  it('prefers the active campus when an inactive one has the same name, and still finds a door of an inactive campus', () => {
    const campuses = [
      { id: 'old', campus_name: 'North Campus', active: false },
      { id: 'new', campus_name: 'North Campus', active: true },
    ];
    const doors = [
      { id: 'old-ea1', door_number: 'EA1', campus_id: 'old' },
      { id: 'new-ea1', door_number: 'EA1', campus_id: 'new' },
      { id: 'old-ea2', door_number: 'EA2', campus_id: 'old' },
    ];
    expect(findScannedDoor({ door_number: 'EA1', campus: 'North Campus' }, doors, campuses)?.id).toBe('new-ea1');
    // The scan screen then says its campus is inactive, rather than that the door is unknown.
    expect(findScannedDoor({ door_number: 'EA2', campus: 'North Campus' }, doors, campuses)?.id).toBe('old-ea2');
  });

  it('builds the scan path, with a door when given', () => {
    expect(scanPath('lincoln-isd')).toBe('/tenant/lincoln-isd/scan');
    expect(scanPath('lincoln-isd', 'a b')).toBe('/tenant/lincoln-isd/scan?door=a%20b');
  });
});

describe('QR images (spec §9)', () => {
  it('are 600x600, margin 4, error correction H, black on white', () => {
    expect(QR_IMAGE).toMatchObject({
      size: 600,
      margin: 4,
      errorCorrectionLevel: 'H',
      dark: '#000000',
      light: '#ffffff',
    });
  });

  it('centre a 200x200 logo on a white 216x216 square', () => {
    expect(logoPlacement()).toEqual({
      backdrop: { x: 192, y: 192, size: 216 },
      logo: { x: 200, y: 200, size: 200 },
    });
  });

  it('name files safely', () => {
    expect(qrPngFileName({ door_number: 'EA1', campus: 'Lincoln High School' })).toBe('qr-lincoln-high-school-ea1.png');
    expect(qrPngFileName({ door_number: '../../x', campus: '/' })).toBe('qr-door-..-..-x.png');
    expect(qrSheetFileName('Lincoln Middle School')).toBe('qr-codes-lincoln-middle-school.pdf');
  });

  it('lay a campus out 12 per Letter page, every code and label inside the page, none overlapping', () => {
    const cells = qrSheetLayout(28);
    expect(cells.map((c) => c.page)).toEqual([...Array(12).fill(0), ...Array(12).fill(1), ...Array(4).fill(2)]);
    for (const c of cells) {
      expect(c.x).toBeGreaterThan(0);
      expect(c.x + c.size).toBeLessThan(215.9);
      expect(c.labelY).toBeLessThan(279.4);
      expect(c.labelY).toBeGreaterThan(c.y + c.size);
    }
    const page0 = cells.filter((c) => c.page === 0);
    for (const a of page0)
      for (const b of page0) {
        if (a === b) continue;
        const apart = a.x + a.size <= b.x || b.x + b.size <= a.x || a.labelY <= b.y || b.labelY <= a.y;
        expect(apart).toBe(true);
      }
  });
});

describe('camera errors', () => {
  it('classifies permission denied, no camera and other failures', () => {
    expect(
      classifyCameraError(
        Object.assign(new Error('Permission denied'), {
          name: 'NotAllowedError',
        }),
      ),
    ).toBe('denied');
    expect(
      classifyCameraError(
        Object.assign(new Error('Requested device not found'), {
          name: 'NotFoundError',
        }),
      ),
    ).toBe('no-camera');
    expect(classifyCameraError('Error getting userMedia, error = NotReadableError')).toBe('no-camera');
    expect(classifyCameraError(new Error('boom'))).toBe('failed');
  });

  it('never throws whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (x) => ['denied', 'no-camera', 'failed'].includes(classifyCameraError(x))),
      { numRuns: 2000 },
    );
  });
});
