/**
 * The door-log report as a real PDF (DESIGN §10 replaces the spec's JSON
 * download): title, tenant, the filters used, the table and "Page x of y" on
 * every page. Pure: returns bytes, so the browser saves them and tests and
 * the bench read them back in Node.
 */
import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';

export interface PdfReportInput {
  title: string;
  tenant: string;
  /** Label/value pairs of the filters that were applied, e.g. ["Door range", "EA1-EA10"]. */
  filters: ReadonlyArray<readonly [string, string]>;
  columns: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | null | undefined>>;
  generatedAt: Date;
}

export function buildPdfReport(input: PdfReportInput): ArrayBuffer {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4' });
  const margin = 36;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.text(input.title, margin, margin + 8);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);
  let y = margin + 28;
  doc.text(`Tenant: ${input.tenant}`, margin, y);
  y += 14;
  doc.text(`Generated: ${input.generatedAt.toLocaleString()}`, margin, y);
  y += 14;
  const filterText = input.filters.length ? input.filters.map(([k, v]) => `${k}: ${v}`).join('; ') : 'none (all logs)';
  const lines = doc.splitTextToSize(`Filters: ${filterText}`, doc.internal.pageSize.getWidth() - margin * 2) as string[];
  doc.text(lines, margin, y);
  y += lines.length * 12;
  doc.text(`Rows: ${input.rows.length.toLocaleString()}`, margin, y);
  y += 10;

  autoTable(doc, {
    startY: y + 6,
    margin: { left: margin, right: margin, bottom: margin + 12 },
    head: [input.columns as string[]],
    body: input.rows.map((r) => r.map((c) => c ?? '')),
    styles: { fontSize: 8, cellPadding: 3, overflow: 'linebreak' },
    headStyles: { fillColor: [29, 78, 216] },
  });

  const pages = doc.getNumberOfPages();
  const h = doc.internal.pageSize.getHeight();
  const w = doc.internal.pageSize.getWidth();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    doc.setFontSize(8);
    doc.text(`Page ${p} of ${pages}`, w - margin, h - margin / 2, { align: 'right' });
    doc.text(input.title, margin, h - margin / 2);
  }
  return doc.output('arraybuffer');
}
