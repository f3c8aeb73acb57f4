/**
 * Compresses a PDF that jsPDF wrote uncompressed, with the platform's
 * CompressionStream. jsPDF's own compression deflates the page streams in
 * script on the main thread, in one task with the rest of the file: about
 * 0.35 s of a 100-door QR sheet on a phone-class CPU, where the native
 * deflate takes a few milliseconds and does not block the page.
 * Each stream without a filter is deflated and marked FlateDecode, and the
 * cross-reference table gets the objects' new offsets. The input is jsPDF's
 * output: a string of byte values, objects one after another, then xref.
 */

async function deflate(data: string): Promise<string> {
  const bytes = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) bytes[i] = data.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate'));
  const out = new Uint8Array(await new Response(stream).arrayBuffer());
  let text = '';
  for (let i = 0; i < out.length; i += 8192) text += String.fromCharCode.apply(null, out.subarray(i, i + 8192) as unknown as number[]);
  return text;
}

interface PdfObject {
  num: number;
  /** The object's text, or its dictionary and uncompressed stream data to deflate. */
  text?: string;
  dict?: string;
  data?: string;
}

const STREAM = '>>\nstream\n';
const STREAM_END = '\nendstream\nendobj\n';
const OBJ_END = '\nendobj\n';

function fail(what: string): never {
  throw new Error(`The PDF could not be compressed (${what}).`);
}

function readObjects(pdf: string, from: number, to: number): PdfObject[] {
  const objects: PdfObject[] = [];
  let p = from;
  while (p < to) {
    const head = /^(\d+) 0 obj\n/.exec(pdf.slice(p, p + 24)) ?? fail(`no object at ${p}`);
    const body = p + head[0].length;
    const objEnd = pdf.indexOf(OBJ_END, body);
    const dictEnd = pdf.indexOf(STREAM, body);
    const num = Number(head[1]);
    // A stream's dictionary (plain text) ends before any of its data.
    if (dictEnd !== -1 && (objEnd === -1 || dictEnd < objEnd)) {
      const dict = pdf.slice(body, dictEnd + 2);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? fail(`object ${num} has no length`));
      const dataStart = dictEnd + STREAM.length;
      const next = dataStart + length + STREAM_END.length;
      if (!pdf.startsWith(STREAM_END, dataStart + length)) fail(`object ${num} is not ${length} bytes long`);
      objects.push(
        dict.includes('/Filter') ? { num, text: pdf.slice(p, next) } : { num, dict, data: pdf.slice(dataStart, dataStart + length) },
      );
      p = next;
    } else {
      if (objEnd === -1) fail(`object ${num} does not end`);
      const next = objEnd + OBJ_END.length;
      objects.push({ num, text: pdf.slice(p, next) });
      p = next;
    }
  }
  if (p !== to) fail('objects overrun the cross-reference table');
  return objects;
}

/** The PDF's bytes with every unfiltered stream deflated. */
export async function deflatePdfStreams(pdf: string): Promise<Uint8Array> {
  const xref = pdf.lastIndexOf('\nxref\n') + 1;
  const first = pdf.search(/\n\d+ 0 obj\n/) + 1;
  if (xref <= 0 || first <= 0 || first > xref) fail('no objects or no cross-reference table');
  const objects = readObjects(pdf, first, xref);
  const texts = await Promise.all(
    objects.map(async (o) => {
      if (o.text !== undefined) return o.text;
      const z = await deflate(o.data ?? '');
      const dict = (o.dict ?? '').replace(/\/Length \d+/, `/Length ${z.length}\n/Filter /FlateDecode`);
      return `${o.num} 0 obj\n${dict}\nstream\n${z}${STREAM_END}`;
    }),
  );
  const offsets = new Map<number, number>();
  let at = first;
  objects.forEach((o, i) => {
    offsets.set(o.num, at);
    at += texts[i]!.length;
  });
  // xref: "xref", "0 N", the free entry, then one 20-byte entry per object; then the trailer.
  const lines = pdf.slice(xref).split('\n');
  const size = Number(/^0 (\d+)$/.exec(lines[1] ?? '')?.[1] ?? fail('no xref size'));
  const entries = lines.slice(3, 2 + size).map((line, i) => {
    const offset = offsets.get(i + 1);
    return offset === undefined ? line : `${String(offset).padStart(10, '0')} 00000 n `;
  });
  const trailer = lines.slice(2 + size);
  const startxref = trailer.indexOf('startxref');
  if (startxref < 0) fail('no startxref');
  const tail = [...lines.slice(0, 3), ...entries, ...trailer.slice(0, startxref + 1), String(at), '%%EOF'].join('\n');
  const out = pdf.slice(0, first) + texts.join('') + tail;
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i);
  return bytes;
}
