/**
 * What the two report charts share on screen (components/bar-chart.tsx) and
 * in the PDF (pdf-bar-chart.ts): the bars, the scale, which labels fit, and
 * the sentence that says the chart in words for a screen reader.
 */
import { NOTHING_REQUIRED_TEXT, type CampusCompliance, type DayCount } from './compliance';

export interface Bar {
  label: string;
  /** null: no value (a campus where nothing was required), drawn as no bar and said as such. */
  value: number | null;
}

export interface BarChartData {
  title: string;
  bars: readonly Bar[];
  /** Top of the scale; the data's own when absent. */
  max?: number;
  /** What a bar is, as a column heading: "Day", "Campus". */
  category: string;
  /** Axis label of the values. */
  unit: string;
  format: (value: number) => string;
}

/** 1, 2 or 5 times a power of ten, at least `value` (and at least 1), so the axis reads in round numbers. */
export function niceMax(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function scaleMax(chart: BarChartData): number {
  return chart.max ?? niceMax(Math.max(0, ...chart.bars.map((b) => b.value ?? 0)));
}

/** 0, half and the top of the scale. */
export function chartTicks(max: number): number[] {
  return [0, max / 2, max];
}

/** Every how many bars a label is written, so at most `room` labels stand on the axis. */
export function labelStep(count: number, room: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, room)));
}

/** "Checks per day: Mon 3/2 12, Tue 3/3 4. Highest: Mon 3/2 (12)." */
export function chartSummary(chart: BarChartData): string {
  if (chart.bars.length === 0) return `${chart.title}: no data.`;
  const said = chart.bars
    .map((b) => `${b.label} ${b.value === null ? NOTHING_REQUIRED_TEXT.toLowerCase() : chart.format(b.value)}`)
    .join(', ');
  let top: Bar | null = null;
  for (const b of chart.bars) if (b.value !== null && (top === null || b.value > (top.value ?? 0))) top = b;
  return top ? `${chart.title}: ${said}. Highest: ${top.label} (${chart.format(top.value ?? 0)}).` : `${chart.title}: ${said}.`;
}

export function checksPerDayChart(days: readonly DayCount[]): BarChartData {
  return {
    title: 'Checks per day',
    bars: days.map((d) => ({ label: d.label, value: d.count })),
    category: 'Day',
    unit: 'Checks',
    format: (v) => v.toLocaleString('en-US'),
  };
}

/** Shares as percentages, on a fixed 0 to 100 scale so campuses compare at a glance. */
export function campusComplianceChart(campuses: readonly CampusCompliance[]): BarChartData {
  return {
    title: 'Compliance per campus',
    bars: campuses.map((c) => ({ label: c.campusName, value: c.required > 0 ? Math.floor((c.withCheck * 1000) / c.required) / 10 : null })),
    max: 100,
    category: 'Campus',
    unit: 'Compliance %',
    format: (v) => `${v.toFixed(1)}%`,
  };
}
