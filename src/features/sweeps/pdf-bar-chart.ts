/** A bar chart drawn with jsPDF's own lines, rectangles and text: real text a reader can select, no image. */
import type { jsPDF } from 'jspdf';

import { chartTicks, labelStep, scaleMax, type BarChartData } from './chart-scale';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const AXIS_GUTTER = 34;
const TITLE_H = 24;
const LABEL_H = 14;

export function drawPdfBarChart(doc: jsPDF, box: Box, chart: BarChartData): void {
  const max = scaleMax(chart);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(10);
  doc.text(chart.title, box.x, box.y + 10);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(7);
  const left = box.x + AXIS_GUTTER;
  const top = box.y + TITLE_H + 6;
  const bottom = box.y + box.h - LABEL_H;
  const width = box.w - AXIS_GUTTER;
  const plotH = bottom - top;
  doc.setDrawColor(148, 163, 184);
  doc.setLineWidth(0.5);
  for (const tick of chartTicks(max)) {
    const y = bottom - (tick / max) * plotH;
    doc.line(left, y, left + width, y);
    doc.text(chart.format(tick), left - 3, y + 2, { align: 'right' });
  }
  doc.text(chart.unit, box.x, box.y + 20);
  const n = chart.bars.length;
  if (n === 0) {
    doc.text('No data', left + width / 2, top + plotH / 2, { align: 'center' });
    return;
  }
  const slot = width / n;
  const barW = Math.max(1, slot * 0.7);
  const step = labelStep(n, Math.floor(width / 40));
  chart.bars.forEach((bar, i) => {
    const cx = left + slot * i + slot / 2;
    if (bar.value !== null && bar.value > 0) {
      // Set each time: jsPDF's text colour is the same PDF fill colour, so the labels reset it.
      doc.setFillColor(29, 78, 216);
      const h = (Math.min(bar.value, max) / max) * plotH;
      doc.rect(cx - barW / 2, bottom - h, barW, h, 'F');
    }
    // Values above bars only while they fit; the tables below hold every figure.
    if (slot >= 22)
      doc.text(bar.value === null ? 'n/a' : chart.format(bar.value), cx, bottom - ((bar.value ?? 0) / max) * plotH - 2, {
        align: 'center',
      });
    if (i % step === 0) {
      const label = doc.splitTextToSize(bar.label, Math.max(slot * step - 2, 20)) as string[];
      doc.text(label[0] ?? '', cx, bottom + 9, { align: 'center' });
    }
  });
}
