/**
 * A small SVG bar chart for the compliance report (no chart library). The
 * picture is one image to assistive technology, named by a sentence that
 * says every value; the numbers are also in a table behind "Show data" for
 * anyone who wants to read or copy them.
 */
import { NOTHING_REQUIRED_TEXT } from '../compliance';
import { chartSummary, chartTicks, labelStep, scaleMax, type BarChartData } from '../chart-scale';

const W = 640;
const H = 220;
const LEFT = 48;
const TOP = 12;
const BOTTOM = 28;

export function BarChart({ chart }: { chart: BarChartData }) {
  const max = scaleMax(chart);
  const plotW = W - LEFT - 8;
  const plotH = H - TOP - BOTTOM;
  const n = chart.bars.length;
  const slot = n ? plotW / n : plotW;
  const step = labelStep(n, Math.floor(plotW / 56));
  const y = (v: number) => TOP + plotH - (Math.min(v, max) / max) * plotH;
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-semibold text-slate-900">{chart.title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={chartSummary(chart)} className="h-auto w-full">
        {chartTicks(max).map((t) => (
          <g key={t}>
            <line x1={LEFT} x2={W - 8} y1={y(t)} y2={y(t)} className="stroke-slate-300" />
            <text x={LEFT - 6} y={y(t) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
              {chart.format(t)}
            </text>
          </g>
        ))}
        {chart.bars.map((b, i) => {
          const cx = LEFT + slot * i + slot / 2;
          const barW = Math.max(1, slot * 0.7);
          return (
            <g key={`${b.label}-${i}`}>
              {b.value !== null && b.value > 0 && (
                <rect x={cx - barW / 2} y={y(b.value)} width={barW} height={TOP + plotH - y(b.value)} className="fill-blue-700" />
              )}
              {i % step === 0 && (
                <text x={cx} y={H - 10} textAnchor="middle" className="fill-slate-700 text-[11px]">
                  {b.label}
                </text>
              )}
            </g>
          );
        })}
        {n === 0 && (
          <text x={LEFT + plotW / 2} y={TOP + plotH / 2} textAnchor="middle" className="fill-slate-600 text-[12px]">
            No data
          </text>
        )}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer text-blue-800 underline">Show data</summary>
        <table className="mt-2 min-w-[16rem] text-left">
          <caption className="sr-only">{chart.title}</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-4 font-medium">
                {chart.category}
              </th>
              <th scope="col" className="font-medium">
                {chart.unit}
              </th>
            </tr>
          </thead>
          <tbody>
            {chart.bars.map((b, i) => (
              <tr key={`${b.label}-${i}`}>
                <th scope="row" className="pr-4 font-normal">
                  {b.label}
                </th>
                <td>{b.value === null ? NOTHING_REQUIRED_TEXT : chart.format(b.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
