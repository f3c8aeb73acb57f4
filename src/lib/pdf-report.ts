/**
 * The door-log report as a real PDF (DESIGN §10 replaces the spec's JSON
 * download): title, tenant, the filters used, the table (with the checks'
 * photo thumbnails when asked for) and "Page x of y" on every page. Pure: returns bytes, so the browser saves them and tests and
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
  /**
   * Photo thumbnails (JPEG bytes) per row, by the row's index: given, the table gains a Photos column
   * drawing up to PHOTOS_PER_ROW of them (issue 17, "thumbnails on request").
   */
  photos?: ReadonlyMap<number, readonly Uint8Array[]>;
}

export const PHOTOS_PER_ROW = 3;
const THUMB_PT = 26;

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

  const photos = input.photos;
  const photoColumn = input.columns.length;
  autoTable(doc, {
    startY: y + 6,
    margin: { left: margin, right: margin, bottom: margin + 12 },
    head: [photos ? [...input.columns, 'Photos'] : (input.columns as string[])],
    body: input.rows.map((r, i) => {
      const cells = r.map((c) => c ?? '');
      if (!photos) return cells;
      // The cell keeps room for its thumbnails; they are drawn over it once it is laid out.
      const n = Math.min(photos.get(i)?.length ?? 0, PHOTOS_PER_ROW);
      return [...cells, { content: '', styles: { minCellHeight: n ? THUMB_PT + 6 : 0, cellWidth: PHOTOS_PER_ROW * (THUMB_PT + 3) + 6 } }];
    }),
    styles: { fontSize: 8, cellPadding: 3, overflow: 'linebreak' },
    headStyles: { fillColor: [29, 78, 216] },
    didDrawCell: (data) => {
      if (!photos || data.section !== 'body' || data.column.index !== photoColumn) return;
      const thumbs = photos.get(data.row.index) ?? [];
      thumbs.slice(0, PHOTOS_PER_ROW).forEach((jpeg, k) => {
        const { width, height } = doc.getImageProperties(jpeg);
        const scale = THUMB_PT / Math.max(width, height, 1);
        doc.addImage(jpeg, 'JPEG', data.cell.x + 3 + k * (THUMB_PT + 3), data.cell.y + 3, width * scale, height * scale);
      });
    },
  });

  stampPages(doc, input.title, margin);
  return doc.output('arraybuffer');
}

/** "Page x of y" and the title at the foot of every page, once the document is complete. */
export function stampPages(doc: jsPDF, title: string, margin: number): void {
  const pages = doc.getNumberOfPages();
  const h = doc.internal.pageSize.getHeight();
  const w = doc.internal.pageSize.getWidth();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p);
    doc.setFontSize(8);
    doc.text(`Page ${p} of ${pages}`, w - margin, h - margin / 2, { align: 'right' });
    doc.text(title, margin, h - margin / 2);
  }
}
