/**
 * The sweep's one-page PDF and the compliance report's PDF and CSV, saved
 * on the device. jsPDF loads only when a PDF is asked for, as the door-log
 * report's does, so the board itself stays light.
 */
import { downloadBlob } from '../../lib/download';
import type { CompliancePdfInput } from './compliance-pdf';
import type { SweepPdfInput } from './sweep-pdf';

export const PDF_FAILED = 'The PDF could not be made on this device. Try again once it is online.';

const slugOf = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function downloadSweepPdf(input: SweepPdfInput): Promise<void> {
  const { buildSweepPdf } = await import('./sweep-pdf');
  const day = new Date(input.progress.startedAt).toISOString().slice(0, 10);
  downloadBlob(buildSweepPdf(input), `sweep-${slugOf(input.campus)}-${day}.pdf`, 'application/pdf');
}

export async function downloadCompliancePdf(input: CompliancePdfInput, fileName: string): Promise<void> {
  const { buildCompliancePdf } = await import('./compliance-pdf');
  downloadBlob(buildCompliancePdf(input), fileName, 'application/pdf');
}
