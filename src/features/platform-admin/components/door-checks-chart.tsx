/**
 * Door checks per tenant per week as a line chart. The chart code (Chart.js)
 * is imported when this component mounts, so only the Reports screen
 * downloads it (DESIGN §3); the table beside it carries the same numbers for
 * screen readers and for a device that cannot load the chart's code.
 */
import { useEffect, useRef, useState } from 'react';
import type { DoorCheckReport } from '../staff-tools-api';

export function DoorChecksChart({ report }: { report: DoorCheckReport }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    let destroy: (() => void) | null = null;
    import('./door-checks-chart-draw')
      .then(({ drawDoorChecksChart }) => {
        if (live && canvas.current) destroy = drawDoorChecksChart(canvas.current, report);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      destroy?.();
    };
  }, [report]);

  if (failed) return <p className="text-sm text-slate-700">The chart could not be loaded here; the table below has the same numbers.</p>;
  return (
    <div className="relative h-72 rounded-xl border border-slate-200 bg-white p-3">
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Line chart of door checks per week for ${report.tenants.length} tenants; the table below lists the same numbers.`}
        data-testid="door-checks-chart"
      />
    </div>
  );
}
