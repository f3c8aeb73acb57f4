/**
 * The violation form's rules (issue 15, decision 025): a plate or a student
 * is required, a type is required, an officer's violation is always open, the
 * plate is kept as typed with its key beside it, the permit in force for the
 * plate is linked, and the tab's search finds a plate however it is written.
 */
import { describe, expect, it } from 'vitest';
import {
  checkViolation,
  EMPTY_VIOLATION,
  NEED_PLATE_OR_STUDENT,
  newestFirst,
  newViolationRow,
  permitForPlate,
  violationFormValues,
  violationMatches,
  violationPatch,
  type ViolationForm,
} from '../../src/features/student-parking/violations/violation-model';

const TODAY = '2026-11-24';
const form = (over: Partial<ViolationForm>): ViolationForm => ({ ...EMPTY_VIOLATION, violation_type: 'Fire lane', ...over });

describe('checkViolation', () => {
  it('needs a plate or a student, and says so on the plate field', () => {
    const r = checkViolation(form({ license_plate: '  ' }), { officer: false });
    expect(r).toEqual({ ok: false, errors: { license_plate: NEED_PLATE_OR_STUDENT } });
  });

  it.each([{ license_plate: 'TX RBN-4471' }, { student_id: 'LISD-100301' }, { student_name: 'Tyler Robinson' }])(
    'accepts %j alone',
    (over) => expect(checkViolation(form(over), { officer: false }).ok).toBe(true),
  );

  it('needs a type, and names every field to fix at once', () => {
    const r = checkViolation(form({ violation_type: ' ' }), { officer: false });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual({ violation_type: 'Choose a violation type.', license_plate: NEED_PLATE_OR_STUDENT });
  });

  it('refuses a plate with nothing to match on', () => {
    const r = checkViolation(form({ license_plate: ' - . ' }), { officer: false });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.license_plate).toBe('Enter the plate with its letters and digits.');
  });

  it('trims what was typed and keeps the plate as entered', () => {
    const r = checkViolation(form({ license_plate: '  tx rbn-4471 ', location: ' Row S ', description: '' }), { officer: false });
    expect(r.ok && r.input).toMatchObject({ license_plate: 'tx rbn-4471', location: 'Row S', description: null, student_id: null });
  });

  it("forces an officer's violation open whatever the status says", () => {
    const r = checkViolation(form({ license_plate: 'TX 1', status: 'resolved' }), { officer: true });
    expect(r.ok && r.input.status).toBe('open');
  });

  it('lets staff resolve, and refuses a status that is neither', () => {
    expect(checkViolation(form({ license_plate: 'TX 1', status: 'resolved' }), { officer: false })).toMatchObject({
      ok: true,
      input: { status: 'resolved' },
    });
    const r = checkViolation(form({ license_plate: 'TX 1', status: 'closed' }), { officer: false });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.status).toBe('Choose open or resolved.');
  });
});

const PERMITS = [
  { id: 'p-old', license_plate: 'TX RBN-4471', status: 'active', expires_on: '2026-01-01', student_id: 'S0', student_name: 'Old' },
  {
    id: 'p1',
    license_plate: 'TX RBN-4471',
    status: 'active',
    expires_on: '2027-06-01',
    student_id: 'LISD-100301',
    student_name: 'Tyler Robinson',
  },
  {
    id: 'p2',
    license_plate: 'TX OWK-7719',
    status: 'suspended',
    expires_on: '2027-06-01',
    student_id: 'S2',
    student_name: 'Olivia Walker',
  },
];

describe('the row a save writes', () => {
  it('links the permit in force for the plate, however typed, and takes its student', () => {
    const permit = permitForPlate(PERMITS, 'tx rbn4471', TODAY);
    expect(permit?.id).toBe('p1');
    const r = checkViolation(form({ license_plate: 'tx rbn4471' }), { officer: true });
    if (!r.ok) throw new Error('refused');
    const at = new Date('2026-11-24T15:00:00Z');
    const row = newViolationRow(r.input, permit, at);
    expect(row).not.toHaveProperty('id');
    expect(row).toMatchObject({
      license_plate: 'tx rbn4471',
      plate_key: 'TXRBN4471',
      permit_id: 'p1',
      student_id: 'LISD-100301',
      student_name: 'Tyler Robinson',
      status: 'open',
      occurred_at: at.toISOString(),
    });
    expect(row).not.toHaveProperty('recorded_by');
    expect(row).not.toHaveProperty('resolved_at');
  });

  it('links no permit that is not in force, and keeps a student the user typed', () => {
    expect(permitForPlate(PERMITS, 'TX OWK 7719', TODAY)).toBeNull();
    expect(permitForPlate(PERMITS, 'TX QZK 2218', TODAY)).toBeNull();
    const r = checkViolation(form({ license_plate: 'TX QZK 2218', student_name: 'Unknown driver' }), { officer: false });
    if (!r.ok) throw new Error('refused');
    expect(newViolationRow(r.input, null, new Date())).toMatchObject({
      permit_id: null,
      student_name: 'Unknown driver',
      plate_key: 'TXQZK2218',
    });
  });

  it('an edit sends only what changed, with the key and permit following the plate', () => {
    const base = violationFormValues({ license_plate: 'TX 1', violation_type: 'Fire lane', status: 'open', location: 'Gym' });
    const values = { ...base, license_plate: 'tx rbn-4471', location: 'Gym' };
    const r = checkViolation(values, { officer: false });
    if (!r.ok) throw new Error('refused');
    expect(violationPatch(base, values, r.input, PERMITS[1]!, new Date())).toEqual({
      license_plate: 'tx rbn-4471',
      plate_key: 'TXRBN4471',
      permit_id: 'p1',
    });
    const resolved = { ...base, status: 'resolved' };
    const r2 = checkViolation(resolved, { officer: false });
    if (!r2.ok) throw new Error('refused');
    const at = new Date('2026-11-24T15:00:00Z');
    expect(violationPatch(base, resolved, r2.input, null, at)).toEqual({ status: 'resolved', resolved_at: at.toISOString() });
  });
});

describe("the tab's search and order", () => {
  const rows = [
    {
      id: 'a',
      license_plate: 'TX RBN-4471',
      student_name: 'Tyler Robinson',
      violation_type: 'Fire lane',
      location: 'Gym',
      status: 'open',
      occurred_at: '2026-11-20T10:00:00Z',
    },
    {
      id: 'b',
      license_plate: 'tx qzk 2218',
      violation_type: 'fire_lane',
      location: 'South parking lot',
      status: 'resolved',
      occurred_at: '2026-11-22T10:00:00Z',
    },
    {
      id: 'c',
      student_id: 'LISD-100304',
      violation_type: 'Wrong spot',
      location: 'Row S',
      status: 'open',
      created_at: '2026-11-21T10:00:00Z',
    },
  ];
  const ids = (q: string, s: 'all' | 'open' | 'resolved' = 'all') => rows.filter((r) => violationMatches(r, q, s)).map((r) => r.id);

  it('finds a plate however it is written', () => {
    expect(ids('tx-rbn 44')).toEqual(['a']);
    expect(ids('TXQZK2218')).toEqual(['b']);
  });

  it('finds student, type (a legacy code by its words) and location', () => {
    expect(ids('robinson')).toEqual(['a']);
    expect(ids('lisd-100304')).toEqual(['c']);
    expect(ids('fire lane')).toEqual(['a', 'b']);
    expect(ids('south parking')).toEqual(['b']);
  });

  it('filters by status', () => {
    expect(ids('', 'open')).toEqual(['a', 'c']);
    expect(ids('', 'resolved')).toEqual(['b']);
    expect(ids('fire', 'open')).toEqual(['a']);
  });

  it('orders newest first by when it happened', () => {
    expect([...rows].sort(newestFirst).map((r) => r.id)).toEqual(['b', 'c', 'a']);
  });
});
