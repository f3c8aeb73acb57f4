/**
 * Campus sweeps (issue 18, decision 030): the sweeps page with its live
 * board, the notice of running sweeps for My Rounds, and the sweep
 * compliance report. The report (its figures, charts, CSV) and the PDFs
 * (with jsPDF) are chunks of their own, loaded when opened.
 */
export { SweepsPage } from './sweeps-page';
export { RunningSweepsNotice } from './components/running-sweeps-notice';
export { sweepKindLabel, sweepProgress, SWEEP_KIND_LABEL, type SweepProgress } from './sweep-progress';
export const loadCompliancePage = () => import('./compliance-page');
export const loadCompliancePdf = () => import('./compliance-pdf');
export const loadSweepPdf = () => import('./sweep-pdf');
export type { CompliancePdfInput } from './compliance-pdf';
export type { SweepPdfInput } from './sweep-pdf';
