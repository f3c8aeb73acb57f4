/**
 * Finding the EXIF block of a HEIC (src/lib/photos/heif-exif.ts): in the
 * fixture that heif-enc wrote (tests/fixtures/photos), in hand-built box
 * trees (iloc versions 0 to 2, base offsets, "Exif\0\0" kept before the
 * header), and on broken files, where it gives null and never throws.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCaptureTime } from '../../src/lib/photos/capture-time';
import { readCaptureTimeFromTiff } from '../../src/lib/photos/exif';
import { findHeifExif, tiffOfExifItem } from '../../src/lib/photos/heif-exif';
import { buildTiff } from '../support/exif-builder';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'photos', 'red-corner-96x64.heic');
const FIELDS = { dateTimeOriginal: '2024:05:06 07:08:09', offsetTimeOriginal: '+02:00' };

const u8 = (...parts: Array<number[] | Uint8Array | string>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : [...p])));
const u16 = (n: number) => [n >> 8, n & 0xff];
const u32 = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const box = (type: string, ...content: Array<number[] | Uint8Array | string>) => {
  const body = u8(...content);
  return u8(u32(8 + body.length), type, body);
};
const fullBox = (type: string, version: number, ...content: Array<number[] | Uint8Array | string>) =>
  box(type, [version, 0, 0, 0], ...content);

interface Layout {
  ilocVersion: 0 | 1 | 2;
  baseOffset: boolean;
  exifPrefix: boolean;
}

/** ftyp, meta (iinf with an hvc1 item 1 and an Exif item 2, iloc), mdat holding both items. */
function heif({ ilocVersion, baseOffset, exifPrefix }: Layout): Uint8Array {
  const tiff = buildTiff(FIELDS);
  const exifItem = u8(u32(exifPrefix ? 6 : 0), exifPrefix ? 'Exif\0\0' : [], tiff);
  const image = u8(new Array(40).fill(0x11));
  const ftyp = box('ftyp', 'heic', u32(0), 'mif1heic');
  const iinf = fullBox(
    'iinf',
    0,
    u16(2),
    fullBox('infe', 2, u16(1), u16(0), 'hvc1', '\0'),
    fullBox('infe', 2, u16(2), u16(0), 'Exif', '\0'),
  );
  const idField = (id: number) => (ilocVersion === 2 ? u32(id) : u16(id));
  const iloc = (mdatData: number) => {
    const sizes = (4 << 12) | (4 << 8) | ((baseOffset ? 4 : 0) << 4) | 0;
    const item = (id: number, offset: number, length: number) => [
      ...idField(id),
      ...(ilocVersion >= 1 ? u16(0) : []),
      ...u16(0),
      ...(baseOffset ? u32(mdatData) : []),
      ...u16(1),
      ...u32(baseOffset ? offset : mdatData + offset),
      ...u32(length),
    ];
    return fullBox(
      'iloc',
      ilocVersion,
      u16(sizes),
      ilocVersion === 2 ? u32(2) : u16(2),
      item(1, 0, image.length),
      item(2, image.length, exifItem.length),
    );
  };
  // iloc's size does not depend on the offsets it holds: lay out once to learn where mdat's data starts.
  const metaOf = (mdatData: number) =>
    fullBox('meta', 0, box('hdlr', u32(0), u32(0), 'pict', u32(0), u32(0), u32(0), '\0'), iinf, iloc(mdatData));
  const mdatData = ftyp.length + metaOf(0).length + 8;
  return u8(ftyp, metaOf(mdatData), box('mdat', image, exifItem));
}

const captureTimeOf = async (file: Uint8Array, headBytes = file.length) => {
  const blob = new Blob([file.slice()]);
  return readCaptureTime(blob, file.subarray(0, headBytes));
};

describe('findHeifExif', () => {
  it("finds the capture time in heif-enc's file", async () => {
    const file = new Uint8Array(await readFile(FIXTURE));
    const range = findHeifExif(file);
    expect(range).not.toBeNull();
    const tiff = tiffOfExifItem(file.subarray(range!.offset, range!.offset + range!.length));
    expect(readCaptureTimeFromTiff(tiff!)).toEqual(FIELDS);
    expect(await captureTimeOf(file)).toEqual(FIELDS);
  });

  for (const ilocVersion of [0, 1, 2] as const)
    for (const baseOffset of [false, true])
      for (const exifPrefix of [false, true])
        it(`reads iloc version ${ilocVersion}, ${baseOffset ? 'with' : 'without'} a base offset, ${exifPrefix ? 'with' : 'without'} "Exif\\0\\0"`, async () => {
          expect(await captureTimeOf(heif({ ilocVersion, baseOffset, exifPrefix }))).toEqual(FIELDS);
        });

  it('reads the Exif item from the file when it lies past the first bytes read', async () => {
    const file = heif({ ilocVersion: 1, baseOffset: false, exifPrefix: true });
    const mdatAt = findHeifExif(file)!.offset - 40 - 8;
    expect(await captureTimeOf(file, mdatAt)).toEqual(FIELDS);
  });

  it('gives null for a JPEG, a file without an Exif item, and never throws when cut at any length', async () => {
    expect(findHeifExif(u8([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    const noExif = heif({ ilocVersion: 0, baseOffset: false, exifPrefix: false });
    // Rename the Exif item's type.
    const at = [...noExif.keys()].find((i) => String.fromCharCode(...noExif.subarray(i, i + 4)) === 'Exif')!;
    noExif[at] = 0x58;
    expect(findHeifExif(noExif)).toBeNull();
    const file = heif({ ilocVersion: 1, baseOffset: true, exifPrefix: false });
    for (let n = 0; n < file.length; n++) {
      const head = file.subarray(0, n);
      expect(() => findHeifExif(head)).not.toThrow();
      await expect(readCaptureTime(new Blob([head.slice()]), head)).resolves.toSatisfy((r) => r === null || n === file.length);
    }
  });

  it('never throws on random bytes after ftyp, or on a valid file with bytes flipped', async () => {
    const valid = heif({ ilocVersion: 1, baseOffset: true, exifPrefix: true });
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 400 }),
        fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        async (random, flips) => {
          expect(() => findHeifExif(u8(box('ftyp', 'heic'), random))).not.toThrow();
          const mutated = valid.slice();
          for (const [i, b] of flips) mutated[i] = b;
          expect(() => findHeifExif(mutated)).not.toThrow();
          await readCaptureTime(new Blob([mutated.slice()]), mutated);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reads the TIFF block after the offset the item gives, and refuses one that points past the end', () => {
    const tiff = buildTiff(FIELDS);
    expect(readCaptureTimeFromTiff(tiffOfExifItem(u8(u32(0), tiff))!)).toEqual(FIELDS);
    expect(readCaptureTimeFromTiff(tiffOfExifItem(u8(u32(6), 'Exif\0\0', tiff))!)).toEqual(FIELDS);
    expect(readCaptureTimeFromTiff(tiffOfExifItem(u8(u32(0), 'Exif\0\0', tiff))!)).toEqual(FIELDS);
    expect(tiffOfExifItem(u8(u32(0xffff), tiff))).toBeNull();
    expect(tiffOfExifItem(u8([0, 0]))).toBeNull();
  });
});
