/**
 * A printable student parking permit (issue 15): the permit's details and a
 * QR code an officer scans to open the permit in the app. Loaded with
 * import() only when someone prints, so the PDF and QR libraries never ride
 * with the parking page. The code is drawn as vector rectangles, as the door
 * sheet's are (src/lib/pdf-qr-ops.ts), so it prints sharp and stays small.
 * No DOM here: the caller saves the bytes.
 */
import { jsPDF } from 'jspdf';
import { deflatePdfStreams } from '../../../lib/pdf-deflate';
import { moduleRectsOps, pageWriter } from '../../../lib/pdf-qr-ops';
import { qrModuleRects } from '../../../lib/qr-modules';

export interface PermitPrint {
  organization: string;
  slug: string;
  studentName: string;
  studentId: string;
  grade: string;
  plate: string;
  vehicle: string;
  spot: string;
  validFrom: string;
  validTo: string;
  status: string;
  /** What the code opens: the permit's address in the app. */
  url: string;
}

/** Where the code sits on the page, in millimetres from the top-left (the quiet zone included). */
export const PERMIT_CODE = { x: 128, y: 40, size: 66, margin: 4 } as const;

export async function buildPermitPdf(p: PermitPrint): Promise<Uint8Array> {
  // Written uncompressed, then deflated natively (src/lib/pdf-deflate.ts).
  const doc = new jsPDF({ unit: 'mm', format: 'letter', orientation: 'portrait', putOnlyUsedFonts: true });
  const write = pageWriter(doc);
  const k = doc.internal.scaleFactor;
  const pageHeightPt = doc.internal.pageSize.getHeight() * k;
  const left = 20;

  doc.setFont('helvetica', 'bold');
  doc.setFontSize(20);
  doc.text('Student Parking Permit', left, 24);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(12);
  doc.text(`${p.organization} (${p.slug})`, left, 32);

  const rows: Array<[string, string]> = [
    ['Student', p.studentName],
    ['Student ID', p.studentId],
    ['Grade', p.grade || 'None'],
    ['License plate', p.plate],
    ['Vehicle', p.vehicle || 'None'],
    ['Parking spot', p.spot || 'None'],
    ['Valid from', p.validFrom],
    ['Valid to', p.validTo],
    ['Status', p.status],
  ];
  let y = 48;
  for (const [label, value] of rows) {
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(11);
    doc.text(label, left, y);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(label === 'License plate' ? 16 : 12);
    // Long names and descriptions wrap within the column left of the code.
    const lines = doc.splitTextToSize(value, PERMIT_CODE.x - left - 45) as string[];
    doc.text(lines, left + 40, y);
    y += Math.max(1, lines.length) * 7 + 3;
  }

  // Module size from the symbol and the quiet zone, as the door sheet sizes its codes.
  const { size, rects } = qrModuleRects(p.url);
  const module = PERMIT_CODE.size / (size + 2 * PERMIT_CODE.margin);
  const codeX = PERMIT_CODE.x + PERMIT_CODE.margin * module;
  const codeY = PERMIT_CODE.y + PERMIT_CODE.margin * module;
  write(moduleRectsOps(rects, { xPt: codeX * k, yPt: pageHeightPt - codeY * k, modulePt: module * k }));
  doc.setFontSize(9);
  doc.text('Scan to open this permit', PERMIT_CODE.x + PERMIT_CODE.size / 2, PERMIT_CODE.y + PERMIT_CODE.size + 4, { align: 'center' });

  doc.setFontSize(9);
  doc.text('Display this permit on the dashboard. It is valid only for the vehicle and dates shown.', left, Math.max(y + 8, 130));
  return deflatePdfStreams(doc.output());
}
