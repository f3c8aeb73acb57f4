/**
 * Drawing QR modules into a jsPDF page as raw PDF operators: one filled path
 * of whole-module rectangles instead of a bitmap (see qr-modules.ts). Only
 * the type of jsPDF is imported, so this adds nothing to a chunk that does
 * not already load the PDF library.
 */
import type { jsPDF } from 'jspdf';
import type { ModuleRect } from './qr-modules';

/** A coordinate as PDF operators take it: at most three decimals, no exponent. */
export function num(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/**
 * PDF operators painting the rectangles black in one path: the matrix maps
 * a module to `modulePt` points with y downwards from (xPt, yPt), so each
 * rectangle is written in whole modules ("12 7 3 1 re") and one fill covers
 * the code without seams between rectangles.
 */
export function moduleRectsOps(rects: readonly ModuleRect[], at: { xPt: number; yPt: number; modulePt: number }): string {
  const s = num(at.modulePt);
  const body = rects.map((r) => `${r.x} ${r.y} ${r.w} ${r.h} re`).join('\n');
  return `q\n0 g\n${s} 0 0 -${s} ${num(at.xPt)} ${num(at.yPt)} cm\n${body}\nf\nQ`;
}

/** The jsPDF page writer its own image plugin uses; not in its typings. */
export function pageWriter(doc: jsPDF): (ops: string) => void {
  const internal = doc.internal as unknown as { write?: (s: string) => void };
  const write = internal.write;
  if (typeof write !== 'function') throw new Error('This PDF library cannot draw the codes.');
  return (ops) => write.call(internal, ops);
}
