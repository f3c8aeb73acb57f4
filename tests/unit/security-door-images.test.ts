import { describe, expect, it } from 'vitest';
import { campusRenameQrWarning, qrImageRefusedOnRange, uploadedQrStale } from '../../src/features/security/admin/door-qr-rules';
import { fitWithin, IMAGE_BOX } from '../../src/features/security/admin/image-normalize';
import { MSG } from '../../src/features/security/admin/messages';

describe('door images are stored no larger than they are drawn', () => {
  it('boxes: the logo within 400x400, an uploaded QR image within 600x600 (the size it is drawn at)', () => {
    expect(IMAGE_BOX).toEqual({ logo: 400, qr: 600 });
  });

  it('scales a large image down to fit the box, keeping its shape', () => {
    expect(fitWithin(3000, 3000, 600)).toEqual({ width: 600, height: 600 });
    expect(fitWithin(4000, 1000, 400)).toEqual({ width: 400, height: 100 });
    expect(fitWithin(1000, 4000, 400)).toEqual({ width: 100, height: 400 });
    expect(fitWithin(1201, 601, 600)).toEqual({ width: 600, height: 300 });
  });

  it('never upscales: a small image keeps its size', () => {
    expect(fitWithin(120, 80, 400)).toEqual({ width: 120, height: 80 });
    expect(fitWithin(600, 600, 600)).toEqual({ width: 600, height: 600 });
    expect(fitWithin(1, 1, 600)).toEqual({ width: 1, height: 1 });
  });

  it('stays within the box and at least one pixel on each side', () => {
    expect(fitWithin(100_000, 1, 600)).toEqual({ width: 600, height: 1 });
    expect(fitWithin(601, 599, 600)).toEqual({ width: 600, height: 598 });
  });

  it('has no size for an image without dimensions', () => {
    expect(fitWithin(0, 100, 400)).toBeNull();
    expect(fitWithin(100, 0, 400)).toBeNull();
    expect(fitWithin(Number.NaN, 100, 400)).toBeNull();
    expect(fitWithin(Number.POSITIVE_INFINITY, 100, 400)).toBeNull();
  });
});

describe('an uploaded QR image belongs to one door', () => {
  it('is refused on a range, not on one door', () => {
    expect(qrImageRefusedOnRange(10, 'data:image/png;base64,AA')).toBe(true);
    expect(qrImageRefusedOnRange(1, 'data:image/png;base64,AA')).toBe(false);
    expect(qrImageRefusedOnRange(10, null)).toBe(false);
    expect(MSG.qrImageOneDoor).toMatch(/belongs to one door/);
  });

  const stored = { qr_image: 'data:image/png;base64,OLD', door_number: 'EA1', campus_id: 'c1' };

  it('no longer matches once the door number or campus changes while the stored image is kept', () => {
    expect(uploadedQrStale(stored, { ...stored, door_number: 'EA2' })).toBe(true);
    expect(uploadedQrStale(stored, { ...stored, campus_id: 'c2' })).toBe(true);
  });

  it('still matches when nothing that it encodes changed (a scan finds its door case-insensitively)', () => {
    expect(uploadedQrStale(stored, { ...stored })).toBe(false);
    expect(uploadedQrStale(stored, { ...stored, door_number: ' ea1 ' })).toBe(false);
  });

  it('does not apply to a removed image, a newly uploaded one, a door without one, or a new door', () => {
    expect(uploadedQrStale(stored, { ...stored, door_number: 'EA2', qr_image: null })).toBe(false);
    expect(uploadedQrStale(stored, { ...stored, door_number: 'EA2', qr_image: 'data:image/png;base64,NEW' })).toBe(false);
    expect(uploadedQrStale({ ...stored, qr_image: null }, { ...stored, door_number: 'EA2', qr_image: null })).toBe(false);
    expect(uploadedQrStale(null, { ...stored, door_number: 'EA2' })).toBe(false);
  });

  it('names the door the image still encodes', () => {
    expect(MSG.qrImageStale('EA1', 'Lincoln Middle School')).toMatch(/encodes door EA1 at Lincoln Middle School, so it no longer matches/);
  });
});

describe('a campus rename names the doors whose uploaded QR image encodes the old name', () => {
  it('says nothing without uploaded images or without a real rename', () => {
    expect(campusRenameQrWarning('North', 'South', [])).toBeNull();
    expect(campusRenameQrWarning('North', ' north ', ['A1'])).toBeNull();
  });
  it('names one door, several, and counts the rest past five', () => {
    expect(campusRenameQrWarning('North', 'South', ['A1'])).toBe(
      '1 door (A1) of this campus has an uploaded QR image made for "North": replace it under Doors so scans find the renamed campus.',
    );
    expect(campusRenameQrWarning('North', 'South', ['A1', 'A2'])).toContain('2 doors (A1, A2) of this campus have uploaded QR images');
    expect(campusRenameQrWarning('North', 'South', ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'])).toContain(
      '(A1, A2, A3, A4, A5 and 2 more)',
    );
  });
});
