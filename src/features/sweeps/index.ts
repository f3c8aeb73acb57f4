/**
 * Campus sweeps (issue 18, decision 030): the progress of a running sweep
 * and the sweep compliance report, as pure functions over the cache's rows,
 * the report's CSV and chart, and the two PDFs. The PDFs load with jsPDF on
 * first use (loadCompliancePdf, loadSweepPdf), as the door-log PDF does.
 */
export * from './compliance';
export { COMPLIANCE_CSV_COLUMNS, complianceCsv, complianceFileName } from './compliance-csv';
export {
  activeSweep,
  checkOutcome,
  sweepKindLabel,
  sweepProgress,
  SWEEP_KIND_LABEL,
  type SweepDoorProgress,
  type SweepKind,
  type SweepOutcome,
  type SweepProgress,
} from './sweep-progress';
export { campusComplianceChart, chartSummary, checksPerDayChart, type Bar, type BarChartData } from './chart-scale';
export { BarChart } from './components/bar-chart';
export type { CompliancePdfInput } from './compliance-pdf';
export type { SweepPdfInput } from './sweep-pdf';
export const loadCompliancePdf = () => import('./compliance-pdf');
export const loadSweepPdf = () => import('./sweep-pdf');
