/** The compliance report's per-door rows as CSV (the figures behind the percentage, one door a row). */
import { toCsv } from '../../lib/csv';
import { localDateIso } from '../../lib/local-date';
import { percentText, type DoorCompliance } from './compliance';

export const COMPLIANCE_CSV_COLUMNS = [
  'Campus',
  'Door Number',
  'Door Name',
  'Checks',
  'Required Intervals',
  'Intervals With a Check',
  'Compliance',
  'Last Check',
  'Never Checked in Period',
] as const;

export function complianceCsv(rows: readonly DoorCompliance[], formatTime: (ms: number) => string): string {
  return toCsv(
    COMPLIANCE_CSV_COLUMNS,
    rows.map((r) => [
      r.campusName,
      r.doorNumber,
      r.name,
      r.checks,
      r.required,
      r.withCheck,
      percentText(r.withCheck, r.required),
      r.lastCheckAt === null ? null : formatTime(r.lastCheckAt),
      r.neverChecked ? 'Yes' : 'No',
    ]),
  );
}

/** Named for the period's first day on this device's calendar: sweep-compliance-2026-03-02.csv. */
export function complianceFileName(periodStart: Date, ext: 'csv' | 'pdf'): string {
  return `sweep-compliance-${localDateIso(periodStart)}.${ext}`;
}
