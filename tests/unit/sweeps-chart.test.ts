import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { campusComplianceChart, chartSummary, checksPerDayChart, labelStep, niceMax } from '../../src/features/sweeps/chart-scale';
import { BarChart } from '../../src/features/sweeps/components/bar-chart';

const days = [
  { date: '2026-03-02', label: 'Mon 3/2', count: 12 },
  { date: '2026-03-03', label: 'Tue 3/3', count: 0 },
  { date: '2026-03-04', label: 'Wed 3/4', count: 4 },
];
const campuses = [
  { campusId: 'c1', campusName: 'North', doors: 3, required: 21, withCheck: 8, share: 8 / 21 },
  { campusId: 'c2', campusName: 'South', doors: 0, required: 0, withCheck: 0, share: null },
];

describe('chart scale', () => {
  it('rounds the top of the scale to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 12, 20, 51, 999].map(niceMax)).toEqual([1, 1, 5, 20, 20, 100, 1000]);
    expect(labelStep(31, 10)).toBe(4);
    expect(labelStep(7, 10)).toBe(1);
  });

  it('says the chart in one sentence: every value and the highest', () => {
    expect(chartSummary(checksPerDayChart(days))).toBe('Checks per day: Mon 3/2 12, Tue 3/3 0, Wed 3/4 4. Highest: Mon 3/2 (12).');
    expect(chartSummary(campusComplianceChart(campuses))).toBe(
      'Compliance per campus: North 38.0%, South no checks were required. Highest: North (38.0%).',
    );
    expect(chartSummary(checksPerDayChart([]))).toBe('Checks per day: no data.');
  });
});

describe('BarChart', () => {
  it('is one named image with a bar per non-zero value, and a data table', () => {
    const html = renderToStaticMarkup(createElement(BarChart, { chart: checksPerDayChart(days) }));
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Checks per day: Mon 3/2 12, Tue 3/3 0, Wed 3/4 4. Highest: Mon 3/2 (12)."');
    expect(html.match(/<rect /g)).toHaveLength(2);
    expect(html).toContain('<th scope="row" class="pr-4 font-normal">Tue 3/3</th><td>0</td>');
  });

  it('shows a campus with nothing required as such, not as 0 %', () => {
    const html = renderToStaticMarkup(createElement(BarChart, { chart: campusComplianceChart(campuses) }));
    expect(html).toContain('<td>No checks were required</td>');
    expect(html.match(/<rect /g)).toHaveLength(1);
  });
});
