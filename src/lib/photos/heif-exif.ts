/**
 * Where a HEIC/HEIF file keeps its EXIF block, so its capture time can be
 * read like a JPEG's (exif.ts). A HEIF file is a tree of ISO-BMFF boxes: the
 * top-level `meta` box lists items in `iinf` (each `infe` names an item's
 * type; EXIF is the item of type "Exif") and places them in the file in
 * `iloc` (offset and length of each item's extents). The Exif item's data is
 * a 4-byte offset to the TIFF header, then the TIFF block itself.
 *
 * The same rules as exif.ts: bounded loops, every read checked, null (never
 * an exception) for anything unexpected. Only what iPhones and libheif write
 * is supported: one extent, stored in the file (construction method 0).
 */

export interface ByteRange {
  offset: number;
  length: number;
}

const MAX_BOXES = 256;
const MAX_ITEMS = 4096;

interface Box {
  type: string;
  /** Where the box's content starts (after size and type). */
  start: number;
  end: number;
}

function fourcc(v: DataView, at: number): string {
  return String.fromCharCode(v.getUint8(at), v.getUint8(at + 1), v.getUint8(at + 2), v.getUint8(at + 3));
}

/** The boxes laid end to end in [from, to), as far as they fit. */
function boxes(v: DataView, from: number, to: number): Box[] {
  const out: Box[] = [];
  let pos = from;
  while (out.length < MAX_BOXES && pos + 8 <= to) {
    let size = v.getUint32(pos);
    let header = 8;
    if (size === 1) {
      if (pos + 16 > to) break;
      // A 64-bit size: anything past 2^53 is not a file a phone made.
      size = v.getUint32(pos + 8) * 0x1_0000_0000 + v.getUint32(pos + 12);
      header = 16;
    } else if (size === 0) {
      size = to - pos;
    }
    if (size < header) break;
    // A box that runs past what was read is listed (its start may hold what is needed) but ends the walk.
    out.push({ type: fourcc(v, pos + 4), start: pos + header, end: Math.min(pos + size, to) });
    pos += size;
  }
  return out;
}

/** An unsigned number of 0, 4 or 8 bytes (iloc's field sizes), or null past `end`. */
function uint(v: DataView, at: number, bytes: number, end: number): number | null {
  if (at + bytes > end) return null;
  if (bytes === 0) return 0;
  if (bytes === 4) return v.getUint32(at);
  if (bytes === 8) return v.getUint32(at) * 0x1_0000_0000 + v.getUint32(at + 4);
  if (bytes === 2) return v.getUint16(at);
  return null;
}

/** The item id of the first infe whose type is "Exif", or null. */
function exifItemId(v: DataView, iinf: Box): number | null {
  if (iinf.start + 4 > iinf.end) return null;
  const version = v.getUint8(iinf.start);
  const first = iinf.start + 4 + (version === 0 ? 2 : 4);
  for (const infe of boxes(v, first, iinf.end)) {
    if (infe.type !== 'infe' || infe.start + 4 > infe.end) continue;
    const ver = v.getUint8(infe.start);
    // Versions 0 and 1 have no item type.
    if (ver < 2) continue;
    const idBytes = ver === 2 ? 2 : 4;
    const id = uint(v, infe.start + 4, idBytes, infe.end);
    const typeAt = infe.start + 4 + idBytes + 2;
    if (id === null || typeAt + 4 > infe.end) continue;
    if (fourcc(v, typeAt) === 'Exif') return id;
  }
  return null;
}

/** The byte range of item `wanted` from iloc, or null. */
function itemRange(v: DataView, iloc: Box, wanted: number): ByteRange | null {
  const end = iloc.end;
  if (iloc.start + 8 > end) return null;
  const version = v.getUint8(iloc.start);
  if (version > 2) return null;
  const sizes = v.getUint16(iloc.start + 4);
  const offsetSize = sizes >> 12;
  const lengthSize = (sizes >> 8) & 0xf;
  const baseOffsetSize = (sizes >> 4) & 0xf;
  const indexSize = version === 0 ? 0 : sizes & 0xf;
  let pos = iloc.start + 6;
  const count = uint(v, pos, version < 2 ? 2 : 4, end);
  if (count === null || count > MAX_ITEMS) return null;
  pos += version < 2 ? 2 : 4;
  for (let i = 0; i < count; i++) {
    const id = uint(v, pos, version < 2 ? 2 : 4, end);
    if (id === null) return null;
    pos += version < 2 ? 2 : 4;
    let method = 0;
    if (version >= 1) {
      if (pos + 2 > end) return null;
      method = v.getUint16(pos) & 0xf;
      pos += 2;
    }
    pos += 2; // data_reference_index
    const base = uint(v, pos, baseOffsetSize, end);
    pos += baseOffsetSize;
    const extents = uint(v, pos, 2, end);
    pos += 2;
    if (base === null || extents === null) return null;
    const extentSize = indexSize + offsetSize + lengthSize;
    if (id === wanted) {
      if (method !== 0 || extents !== 1) return null;
      const offset = uint(v, pos + indexSize, offsetSize, end);
      const length = uint(v, pos + indexSize + offsetSize, lengthSize, end);
      return offset === null || length === null || length === 0 ? null : { offset: base + offset, length };
    }
    pos += extents * extentSize;
    if (pos > end) return null;
  }
  return null;
}

/** Where the EXIF item of a HEIF file is, from the file's first bytes (the meta box comes first), or null. */
export function findHeifExif(head: Uint8Array): ByteRange | null {
  try {
    const v = new DataView(head.buffer, head.byteOffset, head.length);
    const top = boxes(v, 0, head.length);
    if (top[0]?.type !== 'ftyp') return null;
    const meta = top.find((b) => b.type === 'meta');
    if (!meta) return null;
    // meta is a full box: version and flags first.
    const inMeta = boxes(v, meta.start + 4, meta.end);
    const iinf = inMeta.find((b) => b.type === 'iinf');
    const iloc = inMeta.find((b) => b.type === 'iloc');
    if (!iinf || !iloc) return null;
    const id = exifItemId(v, iinf);
    return id === null ? null : itemRange(v, iloc, id);
  } catch {
    // Every read above is bounded by a box that fits; this only guards against a mistake there.
    return null;
  }
}

/** The TIFF block inside an Exif item's data (a 4-byte offset to the header, then the block), or null. */
export function tiffOfExifItem(item: Uint8Array): Uint8Array | null {
  if (item.length < 4) return null;
  const skip = new DataView(item.buffer, item.byteOffset, item.length).getUint32(0);
  let at = 4 + skip;
  // Some writers keep JPEG's "Exif\0\0" before the header (and count it in the offset, or not).
  if (at + 6 <= item.length && String.fromCharCode(...item.subarray(at, at + 4)) === 'Exif' && item[at + 4] === 0 && item[at + 5] === 0)
    at += 6;
  return at + 8 <= item.length ? item.subarray(at) : null;
}
