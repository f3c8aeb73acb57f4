/**
 * One sweep on one page (issue 18): campus, kind, group, who started and
 * ended it and when, how long it ran, x of y secured, the doors not
 * reached, and each reached door's outcome, officer and time. A large group
 * is set in up to three narrower column sets in a smaller type so it still
 * fits; past about 150 reached doors the table runs on to a second page.
 * Pure: returns bytes. Lazy-load it with import('./sweep-pdf').
 */
import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';

import { stampPages } from '../../lib/pdf-report';
import { drawHeading, pdfClockFormatter, pdfTimeFormatter } from './pdf-parts';
import { civilDateAt, dayNumber } from './zoned-days';
import { sweepKindLabel, type SweepProgress } from './sweep-progress';
import type { Row } from '../door-checks/index';

export const SWEEP_PDF_TITLE = 'Sweep Summary';

export interface SweepPdfInput {
  tenant: string;
  campus: string;
  sweep: Row;
  progress: SweepProgress;
  generatedAt: Date;
  timeZone?: string;
}

const MARGIN = 36;
const GAP = 10;
/** Rows one column set holds on the page at the small type (measured: 6.5 pt type, 1.5 pt padding). */
const ROWS_PER_SET = 48;

const OUTCOME_TEXT = { secured: 'Secured', problem: 'Problem' } as const;

export function buildSweepPdf(input: SweepPdfInput): ArrayBuffer {
  const { sweep, progress: p } = input;
  const when = pdfTimeFormatter(input.timeZone);
  const clock = pdfClockFormatter(input.timeZone);
  const startDay = dayNumber(civilDateAt(p.startedAt, input.timeZone));
  // A check on the sweep's first day shows its clock time only; a sweep left running past midnight shows dates.
  const checkTime = (ms: number) => (dayNumber(civilDateAt(ms, input.timeZone)) === startDay ? clock(ms) : when(ms));
  const doc = new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'a4' });
  const pageW = doc.internal.pageSize.getWidth();
  const textW = pageW - MARGIN * 2;
  const s = (v: unknown) => (typeof v === 'string' && v ? v : '');

  const facts = [
    `Tenant: ${input.tenant}`,
    `Campus: ${input.campus}    Door group: ${s(sweep.door_group)}`,
    `Started: ${when(p.startedAt)} by ${s(sweep.started_by_name) || 'Unknown User'}`,
    p.endedAt === null ? 'Ended: still running' : `Ended: ${when(p.endedAt)} by ${s(sweep.ended_by_name) || 'Unknown User'}`,
    `Duration: ${p.elapsedText}${p.running ? ' so far' : ''}`,
    ...(s(sweep.note) ? [`Note: ${s(sweep.note)}`] : []),
    `Generated: ${when(input.generatedAt.getTime())}${input.timeZone ? `, times in ${input.timeZone}` : ''}`,
  ];
  let y = drawHeading(
    doc,
    MARGIN,
    `${SWEEP_PDF_TITLE}: ${sweepKindLabel(sweep.kind)}`,
    facts,
    `${p.securedText}    Problems: ${p.problems}    Not reached: ${p.remaining}`,
  );
  doc.setFontSize(10);
  doc.text('Doors not reached', MARGIN, y);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9);
  const notReached = doc.splitTextToSize(
    p.remainingDoors.length ? p.remainingDoors.map((d) => d.doorNumber).join(', ') : 'None: every door was reached.',
    textW,
  ) as string[];
  // Six lines at most keep the page one page; the rest is counted, never dropped unsaid.
  let shown = notReached;
  if (notReached.length > 6) {
    shown = notReached.slice(0, 5);
    const listed = shown
      .join(' ')
      .split(',')
      .filter((n) => n.trim()).length;
    shown.push(`and ${p.remainingDoors.length - listed} more`);
  }
  doc.text(shown, MARGIN, y + 12);
  y += 12 + shown.length * 11 + 8;

  const reached = p.doors.filter((d) => d.outcome !== null);
  const rows = reached.map((d) => [
    d.doorNumber,
    d.outcome ? OUTCOME_TEXT[d.outcome] : '',
    `${d.checkedBy ?? ''}${d.pending ? ' (not yet synced)' : ''}`,
    d.checkedAt === null ? '' : checkTime(d.checkedAt),
    d.problem ?? '',
  ]);
  const sets = rows.length <= 40 ? 1 : Math.min(3, Math.ceil(rows.length / ROWS_PER_SET));
  const perSet = Math.ceil(rows.length / sets);
  const setW = (textW - GAP * (sets - 1)) / sets;
  for (let k = 0; k < sets; k++) {
    const left = MARGIN + k * (setW + GAP);
    autoTable(doc, {
      startY: y,
      margin: { left, right: pageW - left - setW, bottom: MARGIN + 12 },
      tableWidth: setW,
      head: [['Door', 'Outcome', 'By', 'When', 'Problem']],
      body: rows.slice(k * perSet, (k + 1) * perSet),
      // Side by side, a row stays one line tall so the sets line up and fit the page.
      styles:
        sets === 1 ? { fontSize: 8, cellPadding: 3, overflow: 'linebreak' } : { fontSize: 6.5, cellPadding: 1.5, overflow: 'ellipsize' },
      headStyles: { fillColor: [29, 78, 216] },
      columnStyles: sets === 1 ? {} : { 0: { cellWidth: 28 }, 1: { cellWidth: 34 }, 3: { cellWidth: 40 } },
    });
    doc.setPage(1);
  }
  if (rows.length === 0) doc.text('No door was reached.', MARGIN, y + 10);
  stampPages(doc, SWEEP_PDF_TITLE, MARGIN);
  return doc.output('arraybuffer');
}
