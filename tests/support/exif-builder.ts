/**
 * Hand-built EXIF for tests: a TIFF block with IFD0 (Orientation, the Exif
 * IFD pointer) and an Exif IFD (DateTimeOriginal, OffsetTimeOriginal), in
 * either byte order, wrapped in an APP1 segment and spliced into a JPEG.
 * Plain bytes, so the same code serves Node unit tests and browser pages.
 */

export interface ExifFields {
  orientation?: number;
  dateTimeOriginal?: string;
  offsetTimeOriginal?: string;
  littleEndian?: boolean;
}

interface RawEntry {
  tag: number;
  type: number;
  count: number;
  /** The value's bytes, already in the block's byte order. */
  value: Uint8Array;
}

const SHORT = 3;
const LONG = 4;
const ASCII = 2;

/** A TIFF block ("II"/"MM", 42, IFD0 at 8) with the given fields. */
export function buildTiff(f: ExifFields): Uint8Array {
  const le = f.littleEndian ?? false;
  const num = (n: number, bytes: 2 | 4) => {
    const b = new Uint8Array(bytes);
    const v = new DataView(b.buffer);
    if (bytes === 2) v.setUint16(0, n, le);
    else v.setUint32(0, n, le);
    return b;
  };
  const str = (s: string) => new Uint8Array([...s].map((c) => c.charCodeAt(0)).concat(0));
  const exifEntries: RawEntry[] = [];
  if (f.dateTimeOriginal !== undefined)
    exifEntries.push({ tag: 0x9003, type: ASCII, count: f.dateTimeOriginal.length + 1, value: str(f.dateTimeOriginal) });
  if (f.offsetTimeOriginal !== undefined)
    exifEntries.push({ tag: 0x9011, type: ASCII, count: f.offsetTimeOriginal.length + 1, value: str(f.offsetTimeOriginal) });
  const ifdSize = (n: number) => 2 + n * 12 + 4;
  const ifd0Count = (f.orientation !== undefined ? 1 : 0) + 1;
  const exifAt = 8 + ifdSize(ifd0Count);
  const ifd0Entries: RawEntry[] = [];
  if (f.orientation !== undefined) ifd0Entries.push({ tag: 0x0112, type: SHORT, count: 1, value: num(f.orientation, 2) });
  ifd0Entries.push({ tag: 0x8769, type: LONG, count: 1, value: num(exifAt, 4) });
  const dataAt = exifAt + ifdSize(exifEntries.length);
  const out: number[] = [];
  const push = (b: Uint8Array) => out.push(...b);
  push(new Uint8Array(le ? [0x49, 0x49] : [0x4d, 0x4d]));
  push(num(42, 2));
  push(num(8, 4));
  const data: number[] = [];
  const writeIfd = (entries: RawEntry[]) => {
    push(num(entries.length, 2));
    for (const e of entries) {
      push(num(e.tag, 2));
      push(num(e.type, 2));
      push(num(e.count, 4));
      if (e.value.length <= 4) {
        const inline = new Uint8Array(4);
        inline.set(e.value);
        push(inline);
      } else {
        push(num(dataAt + data.length, 4));
        data.push(...e.value);
        if (data.length % 2) data.push(0);
      }
    }
    push(num(0, 4));
  };
  writeIfd(ifd0Entries);
  writeIfd(exifEntries);
  out.push(...data);
  return new Uint8Array(out);
}

/** An APP1 segment (marker, length, "Exif\0\0", TIFF). */
export function app1(tiff: Uint8Array, header = 'Exif\0\0'): Uint8Array {
  const length = 2 + header.length + tiff.length;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...[...header].map((c) => c.charCodeAt(0)), ...tiff]);
}

export function exifApp1(f: ExifFields): Uint8Array {
  return app1(buildTiff(f));
}

/** The JPEG with `segment` inserted right after its SOI marker, where cameras write EXIF. */
export function insertAfterSoi(jpeg: Uint8Array, segment: Uint8Array): Uint8Array<ArrayBuffer> {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  const out = new Uint8Array(jpeg.length + segment.length);
  out.set(jpeg.subarray(0, 2));
  out.set(segment, 2);
  out.set(jpeg.subarray(2), 2 + segment.length);
  return out;
}

/** The markers of every segment before the image data (0xE1 is APP1), for checking what an encoder wrote. */
export function segmentMarkers(jpeg: Uint8Array): number[] {
  const out: number[] = [];
  let pos = 2;
  while (pos + 4 <= jpeg.length && jpeg[pos] === 0xff) {
    const marker = jpeg[pos + 1]!;
    out.push(marker);
    if (marker === 0xda) break;
    pos += 2 + ((jpeg[pos + 2]! << 8) | jpeg[pos + 3]!);
  }
  return out;
}

/** Whether any "Exif\0\0" header appears anywhere in the bytes (stricter than walking segments). */
export function containsExifHeader(bytes: Uint8Array): boolean {
  for (let i = 0; i + 6 <= bytes.length; i++)
    if (
      bytes[i] === 0x45 &&
      bytes[i + 1] === 0x78 &&
      bytes[i + 2] === 0x69 &&
      bytes[i + 3] === 0x66 &&
      bytes[i + 4] === 0 &&
      bytes[i + 5] === 0
    )
      return true;
  return false;
}
