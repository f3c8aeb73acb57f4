/**
 * The capture time of a JPEG photo, read from its EXIF block: APP1 "Exif"
 * segment → TIFF header → IFD0 → Exif IFD (tag 0x8769) → DateTimeOriginal
 * (0x9003) and OffsetTimeOriginal (0x9011). Only what the photo store needs;
 * every other tag is ignored.
 *
 * The bytes come from any file a user picks, so nothing here trusts them:
 * every read is bounds-checked, the number of segments and entries walked is
 * capped, an offset that points back into what was already read ends the
 * walk, and anything unexpected gives null (never an exception).
 */

/** How much of the file the caller should pass: EXIF sits in the first APP segments, each at most 64 KB. */
export const EXIF_SCAN_BYTES = 256 * 1024;

const MAX_SEGMENTS = 64;
const MAX_IFD_ENTRIES = 512;
const TAG_EXIF_IFD = 0x8769;
const TAG_DATE_TIME_ORIGINAL = 0x9003;
const TAG_OFFSET_TIME_ORIGINAL = 0x9011;
const TYPE_ASCII = 2;
const TYPE_LONG = 4;
const TYPE_UNDEFINED = 7;
const TYPE_IFD = 13;

export interface ExifCaptureTime {
  /** "YYYY:MM:DD HH:MM:SS" as the camera wrote it (its own clock, no zone). */
  dateTimeOriginal: string;
  /** "+HH:MM" / "-HH:MM" when the camera recorded its offset from UTC. */
  offsetTimeOriginal?: string;
}

/** The TIFF block of the first APP1 "Exif" segment of a JPEG, or null. */
export function findExifTiff(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let pos = 2;
  for (let n = 0; n < MAX_SEGMENTS && pos + 4 <= bytes.length; n++) {
    if (bytes[pos] !== 0xff) return null;
    const marker = bytes[pos + 1]!;
    // Fill bytes (0xFF 0xFF) may pad between segments.
    if (marker === 0xff) {
      pos += 1;
      continue;
    }
    // Start of scan or end of image: no metadata segment comes after.
    if (marker === 0xda || marker === 0xd9) return null;
    // Markers without a length (RSTn, TEM) should not appear here; skip them.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos += 2;
      continue;
    }
    const length = (bytes[pos + 2]! << 8) | bytes[pos + 3]!;
    if (length < 2) return null;
    const start = pos + 4;
    const end = pos + 2 + length;
    if (marker === 0xe1 && end <= bytes.length && length >= 8 && isExifHeader(bytes, start)) return bytes.subarray(start + 6, end);
    pos = end;
  }
  return null;
}

function isExifHeader(b: Uint8Array, at: number): boolean {
  // "Exif\0\0"
  return b[at] === 0x45 && b[at + 1] === 0x78 && b[at + 2] === 0x69 && b[at + 3] === 0x66 && b[at + 4] === 0 && b[at + 5] === 0;
}

interface Tiff {
  view: DataView;
  little: boolean;
}

function u16(t: Tiff, at: number): number | null {
  return at >= 0 && at + 2 <= t.view.byteLength ? t.view.getUint16(at, t.little) : null;
}

function u32(t: Tiff, at: number): number | null {
  return at >= 0 && at + 4 <= t.view.byteLength ? t.view.getUint32(at, t.little) : null;
}

interface Entry {
  type: number;
  count: number;
  /** Where the value's bytes start: inside the entry when they fit in 4 bytes, else at the offset it holds. */
  valueAt: number;
}

/** The entries of the IFD at `at` by tag, or null when the IFD does not fit. */
function readIfd(t: Tiff, at: number): Map<number, Entry> | null {
  const count = u16(t, at);
  if (count === null || count > MAX_IFD_ENTRIES || at + 2 + count * 12 > t.view.byteLength) return null;
  const out = new Map<number, Entry>();
  for (let i = 0; i < count; i++) {
    const e = at + 2 + i * 12;
    const tag = u16(t, e)!;
    const type = u16(t, e + 2)!;
    const n = u32(t, e + 4)!;
    const size = type === TYPE_ASCII || type === TYPE_UNDEFINED ? n : type === TYPE_LONG || type === TYPE_IFD ? n * 4 : -1;
    if (size < 0 || out.has(tag)) continue;
    const valueAt = size <= 4 ? e + 8 : u32(t, e + 8)!;
    if (valueAt + size > t.view.byteLength) continue;
    out.set(tag, { type, count: n, valueAt });
  }
  return out;
}

function ascii(t: Tiff, e: Entry | undefined): string | null {
  if (!e || (e.type !== TYPE_ASCII && e.type !== TYPE_UNDEFINED) || e.count > 64) return null;
  let s = '';
  for (let i = 0; i < e.count; i++) {
    const c = t.view.getUint8(e.valueAt + i);
    if (c === 0) break;
    s += String.fromCharCode(c);
  }
  return s.trim();
}

/** DateTimeOriginal (and its offset) from a TIFF block, or null. */
export function readCaptureTimeFromTiff(tiff: Uint8Array): ExifCaptureTime | null {
  if (tiff.length < 8) return null;
  const order = (tiff[0]! << 8) | tiff[1]!;
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const t: Tiff = { view: new DataView(tiff.buffer, tiff.byteOffset, tiff.length), little: order === 0x4949 };
  if (u16(t, 2) !== 42) return null;
  const ifd0At = u32(t, 4);
  // The IFD must start after the 8-byte header.
  if (ifd0At === null || ifd0At < 8) return null;
  const ifd0 = readIfd(t, ifd0At);
  const pointer = ifd0?.get(TAG_EXIF_IFD);
  if (!pointer || (pointer.type !== TYPE_LONG && pointer.type !== TYPE_IFD) || pointer.count !== 1) return null;
  const exifAt = u32(t, pointer.valueAt);
  // A pointer back to IFD0 (or into the header) would only loop.
  if (exifAt === null || exifAt < 8 || exifAt === ifd0At) return null;
  const exif = readIfd(t, exifAt);
  if (!exif) return null;
  const dateTimeOriginal = ascii(t, exif.get(TAG_DATE_TIME_ORIGINAL));
  if (!dateTimeOriginal) return null;
  const offsetTimeOriginal = ascii(t, exif.get(TAG_OFFSET_TIME_ORIGINAL)) ?? undefined;
  return offsetTimeOriginal ? { dateTimeOriginal, offsetTimeOriginal } : { dateTimeOriginal };
}

/** DateTimeOriginal (and its offset) of a JPEG's first bytes, or null. */
export function readExifCaptureTime(bytes: Uint8Array): ExifCaptureTime | null {
  try {
    const tiff = findExifTiff(bytes);
    return tiff ? readCaptureTimeFromTiff(tiff) : null;
  } catch {
    // Bounds are checked above; this only guards against a mistake there.
    return null;
  }
}

const DATE_TIME = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** "+02:00" → 120; null for a missing, blank or impossible offset (the time is then read as local). */
function offsetMinutes(text: string | undefined): number | null {
  const o = text ? OFFSET.exec(text) : null;
  if (!o) return null;
  const minutes = Number(o[2]) * 60 + Number(o[3]);
  if (minutes > 14 * 60 || Number(o[3]) > 59) return null;
  return o[1] === '-' ? -minutes : minutes;
}

/**
 * The instant of an EXIF capture time as ISO 8601 UTC. With an offset the
 * time is exact; without one (or with an unreadable one) it is read as the
 * device's local time: the camera and the phone share a clock. Null for a
 * blank, zeroed or impossible date ("0000:00:00 00:00:00" is common).
 */
export function exifCaptureTimeToIso(c: ExifCaptureTime): string | null {
  const m = DATE_TIME.exec(c.dateTimeOriginal);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (year < 1970 || year > 2200 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const offset = offsetMinutes(c.offsetTimeOriginal);
  const ms =
    offset === null
      ? new Date(year, month - 1, day, hour, minute, second).getTime()
      : Date.UTC(year, month - 1, day, hour, minute, second) - offset * 60_000;
  // 31 February and the like roll over into the next month: not a real date.
  if (Number.isNaN(ms) || new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return new Date(ms).toISOString();
}
