/**
 * The permits tab's rules (issue 15): the form's schema over what was typed,
 * the list's search (plates by their key) and status filter (the status shown
 * today, so an active permit past its end is Expired), the clash refused on
 * save, and the printed permit's code scanning back to the permit's address.
 */
import { describe, expect, it } from 'vitest';
import { buildPermitPdf, PERMIT_CODE } from '../../src/features/student-parking/permits/permit-pdf';
import {
  checkPermit,
  emptyPermit,
  filterPermits,
  permitFileName,
  permitMatches,
  permitSchema,
  permitUrl,
  reinstateClash,
  type PermitForm,
} from '../../src/features/student-parking/permits/permit-model';
import { codeBlocks, PageRaster, pageContents, pageCount } from '../support/qr-sheet-raster';

const TODAY = '2026-11-24';

const form = (over: Partial<PermitForm> = {}): PermitForm => ({
  ...emptyPermit(TODAY),
  student_id: 'LISD-200001',
  student_name: 'Riley Park',
  grade: '11',
  license_plate: 'tx pk-1234',
  vehicle_description: 'White Honda Fit',
  parking_spot_number: 'S-050',
  expires_on: '2027-06-30',
  ...over,
});

const permits = [
  {
    id: 'p1',
    student_id: 'LISD-100301',
    student_name: 'Tyler Robinson',
    license_plate: 'TX RBN-4471',
    parking_spot_number: 'S-014',
    status: 'active',
    expires_on: '2027-06-01',
  },
  {
    id: 'p2',
    student_id: 'LISD-100307',
    student_name: 'Liam Chen',
    license_plate: 'TX LCH-8841',
    parking_spot_number: 'S-040',
    status: 'active',
    expires_on: '2026-11-18',
  },
  {
    id: 'p3',
    student_id: 'LISD-100304',
    student_name: 'Olivia Walker',
    license_plate: 'TX OWK-7719',
    parking_spot_number: 'S-031',
    status: 'suspended',
    expires_on: '2027-05-01',
  },
  {
    id: 'p4',
    student_id: 'LISD-100308',
    student_name: 'Sophia Martinez',
    license_plate: 'TX SMZ-1187',
    parking_spot_number: 'S-041',
    status: 'expired',
    expires_on: '2026-10-20',
  },
] as const;

function messages(f: PermitForm): Record<string, string> {
  const r = permitSchema.safeParse(f);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[String(i.path[0])] ??= i.message;
  return out;
}

describe('permit form schema', () => {
  it('gives the row its values: trimmed, plate as entered, blanks as null', () => {
    const r = permitSchema.safeParse(
      form({ student_name: '  Riley Park ', license_plate: ' tx pk-1234 ', grade: ' ', vehicle_description: '' }),
    );
    expect(r.success && r.data).toEqual({
      student_id: 'LISD-200001',
      student_name: 'Riley Park',
      grade: null,
      license_plate: 'tx pk-1234',
      vehicle_description: null,
      parking_spot_number: 'S-050',
      issued_on: TODAY,
      expires_on: '2027-06-30',
    });
  });

  it('names every missing required field', () => {
    expect(messages({ ...emptyPermit(TODAY), issued_on: '' })).toEqual({
      student_id: 'Enter the student ID',
      student_name: 'Enter the student name',
      license_plate: 'Enter the license plate',
      issued_on: 'Enter the start date',
      expires_on: 'Enter the end date',
    });
  });

  it('refuses a plate of only spaces and dashes', () => {
    expect(messages(form({ license_plate: ' - - ' }))).toEqual({ license_plate: 'Enter the license plate with its letters or digits' });
  });

  it('refuses dates that are not dates', () => {
    expect(messages(form({ issued_on: '2026-02-31', expires_on: 'soon' }))).toEqual({
      issued_on: 'Enter the start date as a date',
      expires_on: 'Enter the end date as a date',
    });
  });

  it('refuses an end before the start, on the end date; the same day is fine', () => {
    expect(messages(form({ issued_on: '2026-12-01', expires_on: '2026-11-30' }))).toEqual({
      expires_on: 'The end date cannot be before the start date',
    });
    expect(messages(form({ issued_on: '2026-12-01', expires_on: '2026-12-01' }))).toEqual({});
  });

  it('refuses text longer than the columns hold', () => {
    expect(messages(form({ license_plate: 'X'.repeat(21) })).license_plate).toBe('Keep the license plate under 20 characters');
  });
});

describe('search and status filter', () => {
  it('finds a plate however it is typed', () => {
    for (const q of ['tx rbn4471', 'TXRBN-4471', 'rbn 44', '  Tx-Rbn 4471 ']) expect(permitMatches(permits[0], q)).toBe(true);
    expect(permitMatches(permits[0], 'rbn4472')).toBe(false);
  });

  it('finds by student id, name (case and spaces ignored) and spot', () => {
    expect(filterPermits(permits, 'lisd-100307', 'all', TODAY).map((p) => p.id)).toEqual(['p2']);
    expect(filterPermits(permits, '  olivia   WALKER', 'all', TODAY).map((p) => p.id)).toEqual(['p3']);
    expect(filterPermits(permits, 's 014', 'all', TODAY).map((p) => p.id)).toEqual(['p1']);
  });

  it('files an active permit past its end under Expired, not Active', () => {
    expect(filterPermits(permits, '', 'active', TODAY).map((p) => p.id)).toEqual(['p1']);
    expect(filterPermits(permits, '', 'expired', TODAY).map((p) => p.id)).toEqual(['p2', 'p4']);
    expect(filterPermits(permits, '', 'suspended', TODAY).map((p) => p.id)).toEqual(['p3']);
    // The day before it ended it was still active.
    expect(filterPermits(permits, '', 'active', '2026-11-18').map((p) => p.id)).toEqual(['p2', 'p1']);
  });

  it('lists every permit by student name, leaving out removed ones', () => {
    const rows = [...permits, { id: 'gone', student_name: 'Aaron Gone', license_plate: 'X1', status: 'active', deleted_at: '2026-11-01' }];
    expect(filterPermits(rows, '', 'all', TODAY).map((p) => p.id)).toEqual(['p2', 'p3', 'p4', 'p1']);
  });
});

describe('saving a permit', () => {
  const ctx = { permits, editingId: null, status: 'active', today: TODAY };

  it('refuses a plate already in force, on the plate, whatever its spelling', () => {
    const r = checkPermit(form({ license_plate: 'tx rbn 4471' }), ctx);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({ license_plate: 'Another active permit already has the plate TX RBN-4471 (Tyler Robinson)' });
    expect(r.clash?.permit.id).toBe('p1');
  });

  it('refuses a spot already in force, on the spot', () => {
    const r = checkPermit(form({ parking_spot_number: 's-014' }), ctx);
    expect(!r.ok && r.errors).toEqual({ parking_spot_number: 'Spot S-014 already has an active permit (Tyler Robinson)' });
  });

  it('lets a plate or spot go again once its permit is suspended or past its end', () => {
    expect(checkPermit(form({ license_plate: 'TX OWK 7719', parking_spot_number: 'S-040' }), ctx).ok).toBe(true);
    expect(checkPermit(form({ license_plate: 'TX LCH-8841', parking_spot_number: 'S-031' }), ctx).ok).toBe(true);
  });

  it('does not count the permit being edited against itself', () => {
    const edit = checkPermit(form({ license_plate: 'TX RBN-4471', parking_spot_number: 'S-014' }), { ...ctx, editingId: 'p1' });
    expect(edit.ok).toBe(true);
  });

  it('reports schema errors before any clash', () => {
    const r = checkPermit(form({ license_plate: 'TX RBN-4471', student_name: '' }), ctx);
    expect(!r.ok && r.errors).toEqual({ student_name: 'Enter the student name' });
  });

  it('refuses to reinstate a suspended permit while another has its plate', () => {
    expect(reinstateClash(permits[2], permits, TODAY)).toBeNull();
    const taken = [
      ...permits,
      { id: 'p5', student_name: 'New Owner', license_plate: 'txowk7719', status: 'active', expires_on: '2027-01-01' },
    ];
    expect(reinstateClash(permits[2], taken, TODAY)?.message).toBe('Another active permit already has the plate txowk7719 (New Owner)');
  });
});

describe('the printed permit', () => {
  it('names its file by plate, else by id', () => {
    expect(permitFileName({ id: 'abc', license_plate: 'TX RBN-4471' })).toBe('parking-permit-tx-rbn-4471.pdf');
    expect(permitFileName({ id: 'abc', license_plate: '' })).toBe('parking-permit-abc.pdf');
  });

  it('is one page whose code scans back to the permit address', async () => {
    const url = permitUrl('https://app.example.org', 'lincoln-isd', '1f000000-0000-4000-8000-000000000006');
    expect(url).toBe('https://app.example.org/tenant/lincoln-isd/student-parking?permit=1f000000-0000-4000-8000-000000000006');
    const pdf = Buffer.from(
      await buildPermitPdf({
        organization: 'Lincoln ISD',
        slug: 'lincoln-isd',
        studentName: 'Liam Chen',
        studentId: 'LISD-100307',
        grade: '12',
        plate: 'TX LCH-8841',
        vehicle: 'Black Honda Accord',
        spot: 'S-040',
        validFrom: 'Jan 28, 2026',
        validTo: 'Nov 18, 2026',
        status: 'Expired',
        url,
      }),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    const [content] = pageContents(pdf);
    expect(codeBlocks(content!)).toHaveLength(1);
    const raster = new PageRaster(612, 792, 300);
    raster.paint(content!);
    expect(raster.decodeMm(PERMIT_CODE.x, PERMIT_CODE.y, PERMIT_CODE.size)).toBe(url);
    expect(pdf.length).toBeLessThan(20 * 1024);
  });
});
