/** What the two sweep PDFs share: times in the report's zone (so every reader sees the same clock) and the heading block. */
import type { jsPDF } from 'jspdf';

export function pdfTimeFormatter(timeZone?: string): (ms: number) => string {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  return (ms) => (Number.isFinite(ms) ? f.format(new Date(ms)) : '');
}

/** Clock time only ("6:04:05 PM"), for checks within a sweep whose date the page already states. */
export function pdfClockFormatter(timeZone?: string): (ms: number) => string {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, timeStyle: 'medium' });
  return (ms) => (Number.isFinite(ms) ? f.format(new Date(ms)) : '');
}

/**
 * The title, its lines of facts below it, and a bold headline figure under
 * those; returns where the page continues.
 */
export function drawHeading(doc: jsPDF, margin: number, title: string, facts: readonly string[], headline: string): number {
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.text(title, margin, margin + 8);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);
  let y = margin + 28;
  for (const line of facts) {
    doc.text(line, margin, y);
    y += 13;
  }
  y += 4;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(13);
  doc.text(headline, margin, y);
  return y + 16;
}
