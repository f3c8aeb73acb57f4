/**
 * The compliance report as a real PDF (issue 18): header, the overall
 * percentage with the rule written under it, the two charts drawn as on
 * screen, then the tables: doors, doors never checked, open problems,
 * sweeps, officers' coverage. Pure: returns bytes. Lazy-load it with
 * import('./compliance-pdf') so jsPDF stays out of the first load.
 */
import { jsPDF } from 'jspdf';
import { autoTable, type RowInput } from 'jspdf-autotable';

import { stampPages } from '../../lib/pdf-report';
import { campusComplianceChart, checksPerDayChart } from './chart-scale';
import { COMPLIANCE_RULE_TEXT, figureText, percentText, type ComplianceReport } from './compliance';
import { drawPdfBarChart } from './pdf-bar-chart';
import { drawHeading, pdfTimeFormatter } from './pdf-parts';

export const COMPLIANCE_PDF_TITLE = 'Sweep Compliance Report';

export interface CompliancePdfInput {
  tenant: string;
  /** "North" or "All campuses" */
  campus: string;
  /** "exterior" or "All doors" */
  group: string;
  report: ComplianceReport;
  generatedAt: Date;
  /** The zone the report's days were counted in; the device's when absent. */
  timeZone?: string;
}

const MARGIN = 36;

function shareText(share: number | null): string {
  return share === null ? '' : `${(Math.floor(share * 1000) / 10).toFixed(1)}%`;
}

export function buildCompliancePdf(input: CompliancePdfInput): ArrayBuffer {
  const { report } = input;
  const when = pdfTimeFormatter(input.timeZone);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4' });
  const pageW = doc.internal.pageSize.getWidth();
  const pageH = doc.internal.pageSize.getHeight();
  const textW = pageW - MARGIN * 2;

  const overall = report.overall;
  const detail = overall.required > 0 ? ` (${overall.withCheck} of ${overall.required} required intervals had a check)` : '';
  let y = drawHeading(
    doc,
    MARGIN,
    COMPLIANCE_PDF_TITLE,
    [
      `Tenant: ${input.tenant}`,
      `Campus: ${input.campus}    Door group: ${input.group}`,
      `Period: ${when(report.period.start)} to ${when(report.period.end)} (end excluded)${input.timeZone ? `, times in ${input.timeZone}` : ''}`,
      `Generated: ${when(input.generatedAt.getTime())}    Doors: ${report.doors.length.toLocaleString('en-US')}    Check intervals: ${report.intervals}`,
    ],
    `Overall compliance: ${figureText(overall)}${detail}`,
  );
  y -= 2;
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(8.5);
  const rule = doc.splitTextToSize(`Rule: ${COMPLIANCE_RULE_TEXT}`, textW) as string[];
  doc.text(rule, MARGIN, y);
  y += rule.length * 10 + 8;

  const chartW = (textW - 24) / 2;
  drawPdfBarChart(doc, { x: MARGIN, y, w: chartW, h: 150 }, checksPerDayChart(report.checksPerDay));
  drawPdfBarChart(doc, { x: MARGIN + chartW + 24, y, w: chartW, h: 150 }, campusComplianceChart(report.byCampus));
  y += 166;

  const section = (title: string, head: string[], body: RowInput[], empty: string) => {
    if (y > pageH - MARGIN - 60) {
      doc.addPage();
      y = MARGIN;
    }
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(11);
    doc.text(title, MARGIN, y + 10);
    doc.setFont('helvetica', 'normal');
    y += 16;
    if (body.length === 0) {
      doc.setFontSize(9);
      doc.text(empty, MARGIN, y + 8);
      y += 22;
      return;
    }
    autoTable(doc, {
      startY: y,
      margin: { left: MARGIN, right: MARGIN, bottom: MARGIN + 12 },
      head: [head],
      body,
      styles: { fontSize: 8, cellPadding: 3, overflow: 'linebreak' },
      headStyles: { fillColor: [29, 78, 216] },
      didDrawPage: (data) => {
        y = data.cursor?.y ?? y;
      },
    });
    y += 16;
  };

  section(
    'Doors',
    ['Campus', 'Door', 'Name', 'Checks', 'Required intervals', 'With a check', 'Compliance', 'Last check'],
    report.doors.map((d) => [
      d.campusName,
      d.doorNumber,
      d.name,
      String(d.checks),
      String(d.required),
      String(d.withCheck),
      percentText(d.withCheck, d.required),
      d.lastCheckAt === null ? 'Never' : when(d.lastCheckAt),
    ]),
    'No doors in this group.',
  );
  section(
    'Doors never checked in the period',
    ['Campus', 'Door', 'Name', 'Last check before the period'],
    report.neverChecked.map((d) => [d.campusName, d.doorNumber, d.name, d.lastCheckAt === null ? 'Never' : when(d.lastCheckAt)]),
    'Every door was checked at least once.',
  );
  section(
    'Open problems',
    ['Campus', 'Door', 'Problem', 'Status', 'Opened', 'Days outstanding'],
    report.openProblems.map((p) => [p.campusName, p.doorNumber, p.problem, p.status, when(p.createdAt), String(p.daysOutstanding)]),
    'No open problems.',
  );
  section(
    'Sweeps',
    ['Campus', 'Kind', 'Group', 'Started', 'Started by', 'Ended', 'Ended by', 'Duration', 'Secured', 'Problems'],
    report.sweeps.map((s) => [
      s.campusName,
      s.kind,
      s.group,
      when(s.startedAt),
      s.startedBy,
      s.endedAt === null ? 'Running' : when(s.endedAt),
      s.endedBy ?? '',
      s.durationText,
      s.securedText,
      String(s.problems),
    ]),
    'No sweeps were run in the period.',
  );
  section(
    "Officers' coverage",
    ['Officer', 'Checks', 'Doors checked', 'Share of the doors'],
    report.officers.map((o) => [o.name, String(o.checks), String(o.doors), shareText(o.share)]),
    'No checks in the period.',
  );

  stampPages(doc, COMPLIANCE_PDF_TITLE, MARGIN);
  return doc.output('arraybuffer');
}
