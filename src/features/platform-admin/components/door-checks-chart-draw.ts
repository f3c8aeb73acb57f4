/**
 * Draws the door-checks line chart with the parts of Chart.js it uses. Loaded
 * by door-checks-chart.tsx with a dynamic import: a static import here lets
 * the bundler drop the controllers, elements and scales no chart of ours
 * uses (a dynamic import of 'chart.js' itself would keep them all).
 */
import { CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import type { DoorCheckReport } from '../staff-tools-api';
import { weekLabel } from '../staff-tools-model';

Chart.register(CategoryScale, LinearScale, LineController, LineElement, PointElement, Legend, Tooltip);

/** Distinct, dark enough on white (3:1 for graphics), with dashes as a second cue. */
const SERIES = [
  { colour: '#1d4ed8', dash: [] },
  { colour: '#b91c1c', dash: [6, 4] },
  { colour: '#15803d', dash: [2, 3] },
  { colour: '#7e22ce', dash: [10, 4, 2, 4] },
  { colour: '#b45309', dash: [4, 2] },
  { colour: '#0f766e', dash: [8, 8] },
] as const;

/** Draws the report on the canvas; returns what removes the chart again. */
export function drawDoorChecksChart(canvas: HTMLCanvasElement, report: DoorCheckReport): () => void {
  const chart = new Chart(canvas, {
    type: 'line',
    data: {
      labels: report.weeks.map(weekLabel),
      datasets: report.tenants.map((t, i) => {
        const s = SERIES[i % SERIES.length]!;
        return {
          label: t.company_name,
          data: t.counts,
          borderColor: s.colour,
          backgroundColor: s.colour,
          borderDash: [...s.dash],
          tension: 0.2,
        };
      }),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: { y: { beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'Door checks' } } },
    },
  });
  return () => chart.destroy();
}
