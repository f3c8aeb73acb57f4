/**
 * The photo store's EXIF reader (src/lib/photos/exif.ts) on hand-built
 * JPEG headers: both byte orders, with and without the offset, next to other
 * APP segments, and on broken input (truncated at every length, offsets past
 * the end, pointers back into IFD0, absurd counts, random bytes), where it
 * must give null and never throw.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { takenAtOf } from '../../src/lib/photos/capture-time';
import { exifCaptureTimeToIso, findExifTiff, readCaptureTimeFromTiff, readExifCaptureTime } from '../../src/lib/photos/exif';
import { app1, buildTiff, exifApp1, insertAfterSoi } from '../support/exif-builder';

/** SOI, a JFIF APP0, a stub of image data (SOS … EOI). */
const BARE_JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xda, 0x00,
  0x02, 0x00, 0x00, 0xff, 0xd9,
]);

const jpegWith = (...segments: Uint8Array[]) => segments.reduceRight((jpeg, s) => insertAfterSoi(jpeg, s), BARE_JPEG);

const setU32 = (b: Uint8Array, at: number, v: number, le = false) => new DataView(b.buffer, b.byteOffset).setUint32(at, v, le);
const setU16 = (b: Uint8Array, at: number, v: number, le = false) => new DataView(b.buffer, b.byteOffset).setUint16(at, v, le);

describe('readExifCaptureTime', () => {
  it('reads DateTimeOriginal and OffsetTimeOriginal in big-endian (Motorola) order', () => {
    const jpeg = jpegWith(exifApp1({ orientation: 6, dateTimeOriginal: '2024:05:06 07:08:09', offsetTimeOriginal: '+02:00' }));
    expect(readExifCaptureTime(jpeg)).toEqual({ dateTimeOriginal: '2024:05:06 07:08:09', offsetTimeOriginal: '+02:00' });
  });

  it('reads little-endian (Intel) order, and no offset when the camera wrote none', () => {
    const jpeg = jpegWith(exifApp1({ littleEndian: true, dateTimeOriginal: '2023:12:31 23:59:58' }));
    expect(readExifCaptureTime(jpeg)).toEqual({ dateTimeOriginal: '2023:12:31 23:59:58' });
  });

  it('skips other APP segments (JFIF, an XMP APP1) before the EXIF one', () => {
    const xmp = app1(new TextEncoder().encode('<x:xmpmeta/>'), 'http://ns.adobe.com/xap/1.0/\0');
    const jpeg = jpegWith(xmp, exifApp1({ dateTimeOriginal: '2022:01:02 03:04:05' }));
    expect(readExifCaptureTime(jpeg)?.dateTimeOriginal).toBe('2022:01:02 03:04:05');
  });

  it('gives null without EXIF, without DateTimeOriginal, or for a file that is not a JPEG', () => {
    expect(readExifCaptureTime(BARE_JPEG)).toBeNull();
    expect(readExifCaptureTime(jpegWith(exifApp1({ orientation: 3 })))).toBeNull();
    expect(readExifCaptureTime(new TextEncoder().encode('\x89PNG\r\n\x1a\n not a jpeg'))).toBeNull();
    expect(readExifCaptureTime(new Uint8Array())).toBeNull();
  });

  it('gives null, never throws, for the file cut at every length', () => {
    const jpeg = jpegWith(exifApp1({ orientation: 6, dateTimeOriginal: '2024:05:06 07:08:09', offsetTimeOriginal: '+02:00' }));
    const tiffEnd = 2 + 4 + 6 + buildTiff({ orientation: 6, dateTimeOriginal: '2024:05:06 07:08:09', offsetTimeOriginal: '+02:00' }).length;
    for (let n = 0; n < jpeg.length; n++) {
      const r = readExifCaptureTime(jpeg.subarray(0, n));
      // Once the whole APP1 segment is there the answer is complete; before, nothing.
      expect(r === null || n >= tiffEnd).toBe(true);
    }
  });

  it('ignores offsets that point past the end of the block', () => {
    const fields = { dateTimeOriginal: '2024:05:06 07:08:09', offsetTimeOriginal: '+02:00' };
    // IFD0 past the end.
    const t1 = buildTiff(fields);
    setU32(t1, 4, 0xfffffff0);
    expect(readCaptureTimeFromTiff(t1)).toBeNull();
    // The Exif IFD pointer (IFD0's only entry, value at 8 + 2 + 8) past the end.
    const t2 = buildTiff(fields);
    setU32(t2, 8 + 2 + 8, t2.length + 100);
    expect(readCaptureTimeFromTiff(t2)).toBeNull();
    // DateTimeOriginal's value offset past the end (the Exif IFD's first entry).
    const t3 = buildTiff(fields);
    const exifAt = 8 + 2 + 12 + 4;
    setU32(t3, exifAt + 2 + 8, t3.length - 5);
    expect(readCaptureTimeFromTiff(t3)).toBeNull();
    // An absurd count (65,535 entries) for the Exif IFD.
    const t4 = buildTiff(fields);
    setU16(t4, exifAt, 0xffff);
    expect(readCaptureTimeFromTiff(t4)).toBeNull();
    // A huge string count.
    const t5 = buildTiff(fields);
    setU32(t5, exifAt + 2 + 4, 0x7fffffff);
    expect(readCaptureTimeFromTiff(t5)).toBeNull();
  });

  it('does not loop on pointers back into IFD0 or the header', () => {
    const fields = { dateTimeOriginal: '2024:05:06 07:08:09' };
    const t1 = buildTiff(fields);
    setU32(t1, 8 + 2 + 8, 8); // Exif IFD = IFD0
    expect(readCaptureTimeFromTiff(t1)).toBeNull();
    const t2 = buildTiff(fields);
    setU32(t2, 8 + 2 + 8, 0); // into the header
    expect(readCaptureTimeFromTiff(t2)).toBeNull();
    const t3 = buildTiff(fields);
    setU32(t3, 4, 0); // IFD0 in the header
    expect(readCaptureTimeFromTiff(t3)).toBeNull();
  });

  it('rejects a bad byte-order mark, magic number or segment length', () => {
    const t1 = buildTiff({ dateTimeOriginal: '2024:05:06 07:08:09' });
    t1[0] = 0x41;
    expect(readCaptureTimeFromTiff(t1)).toBeNull();
    const t2 = buildTiff({ dateTimeOriginal: '2024:05:06 07:08:09' });
    setU16(t2, 2, 43);
    expect(readCaptureTimeFromTiff(t2)).toBeNull();
    for (const length of [0, 1, 0xffff]) {
      const jpeg = jpegWith(exifApp1({ dateTimeOriginal: '2024:05:06 07:08:09' }));
      setU16(jpeg, 4, length);
      expect(findExifTiff(jpeg)).toBeNull();
    }
  });

  it('never throws on random bytes, a JPEG prefix followed by random bytes, or a valid header with random bytes flipped', () => {
    const valid = jpegWith(exifApp1({ orientation: 1, dateTimeOriginal: '2024:05:06 07:08:09', offsetTimeOriginal: '-05:00' }));
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        (random, flips) => {
          expect(() => readExifCaptureTime(random)).not.toThrow();
          expect(() => readExifCaptureTime(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, ...random]))).not.toThrow();
          const mutated = valid.slice();
          for (const [at, v] of flips) mutated[at] = v;
          expect(() => readExifCaptureTime(mutated)).not.toThrow();
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('exifCaptureTimeToIso', () => {
  const savedTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = savedTz;
  });

  it('applies the recorded offset', () => {
    expect(exifCaptureTimeToIso({ dateTimeOriginal: '2024:05:06 07:08:09', offsetTimeOriginal: '+02:00' })).toBe(
      '2024-05-06T05:08:09.000Z',
    );
    expect(exifCaptureTimeToIso({ dateTimeOriginal: '2024:05:06 23:30:00', offsetTimeOriginal: '-05:30' })).toBe(
      '2024-05-07T05:00:00.000Z',
    );
  });

  it("reads a time without an offset (or with an unreadable one) as the device's local time", () => {
    process.env.TZ = 'America/Chicago';
    expect(exifCaptureTimeToIso({ dateTimeOriginal: '2024:05:06 07:08:09' })).toBe('2024-05-06T12:08:09.000Z');
    expect(exifCaptureTimeToIso({ dateTimeOriginal: '2024:01:06 07:08:09', offsetTimeOriginal: '   ' })).toBe('2024-01-06T13:08:09.000Z');
    expect(exifCaptureTimeToIso({ dateTimeOriginal: '2024:01:06 07:08:09', offsetTimeOriginal: '+25:00' })).toBe(
      '2024-01-06T13:08:09.000Z',
    );
  });

  it('gives null for zeroed, blank or impossible dates', () => {
    for (const d of [
      '0000:00:00 00:00:00',
      '    :  :     :  :  ',
      '',
      '2024:02:30 10:00:00',
      '2024:13:01 10:00:00',
      '2024:05:06 24:00:00',
      '2024-05-06',
    ])
      expect(exifCaptureTimeToIso({ dateTimeOriginal: d })).toBeNull();
  });
});

describe('takenAtOf', () => {
  const at = (jpeg: Uint8Array, lastModified: number, now: number) => takenAtOf(readExifCaptureTime(jpeg), lastModified, now);

  it('prefers EXIF, then the file time, then now', () => {
    const lastModified = Date.UTC(2025, 0, 2, 3, 4, 5);
    const now = Date.UTC(2026, 0, 1);
    const exifJpeg = jpegWith(exifApp1({ dateTimeOriginal: '2024:05:06 07:08:09', offsetTimeOriginal: '+00:00' }));
    expect(at(exifJpeg, lastModified, now)).toBe('2024-05-06T07:08:09.000Z');
    expect(at(BARE_JPEG, lastModified, now)).toBe('2025-01-02T03:04:05.000Z');
    expect(at(jpegWith(exifApp1({ dateTimeOriginal: '0000:00:00 00:00:00' })), lastModified, now)).toBe('2025-01-02T03:04:05.000Z');
    expect(at(BARE_JPEG, 0, now)).toBe('2026-01-01T00:00:00.000Z');
    expect(at(BARE_JPEG, Number.NaN, now)).toBe('2026-01-01T00:00:00.000Z');
  });
});
