/**
 * Reading a jsPDF document's text from its raw bytes, for unit tests and
 * journeys alike: jsPDF writes text uncompressed, as (string) operands, which
 * is what a text extractor reads.
 */

/** The whole file as latin1 text (the operands, the page tree, everything). */
export function pdfText(bytes: ArrayBuffer | Uint8Array): string {
  return Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('latin1');
}

/** The shown text in drawing order, a space between runs (so a wrapped sentence reads whole), escapes undone. */
export function shownText(raw: string): string {
  return [...raw.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => (m[1] ?? '').replace(/\\(.)/g, '$1')).join(' ');
}
