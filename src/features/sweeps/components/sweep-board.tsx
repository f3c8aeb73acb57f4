/**
 * One sweep's live board: x of y secured, who secured each door and when,
 * the doors not yet reached (in the order an officer walks them), elapsed
 * time; for admins, End sweep and the one-page PDF summary. Read from the
 * cache, so it works offline; a check recorded on this device counts at
 * once, marked until the server has it.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { endSweep, type CacheRow, type TenantSync } from '../../../data';
import { doorGroupLabel } from '../../../lib/door-groups';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { sweepKindLabel, type SweepProgress } from '../sweep-progress';

const timeText = (ms: number | null) =>
  ms === null ? '—' : new Date(ms).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });

export function SweepBoard({
  sync,
  sweep,
  progress,
  campusName,
  admin,
  scanPath,
  onPdf,
}: {
  sync: TenantSync;
  sweep: CacheRow;
  progress: SweepProgress;
  campusName: string;
  admin: boolean;
  /** Where an officer checks a door of the sweep (the scan screen with the door picked). */
  scanPath: (doorId: string) => string;
  onPdf: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = `${sweepKindLabel(sweep.kind)} · ${campusName}`;
  const percent = progress.total ? Math.round((progress.secured / progress.total) * 100) : 0;

  const end = async () => {
    setConfirming(false);
    setBusy(true);
    const answer = await endSweep(sync, sweep.id);
    setBusy(false);
    setError(answer.ok ? null : answer.message);
  };

  return (
    <section aria-label={title} data-testid="sweep-board" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <p className="text-sm text-slate-700">
            {doorGroupLabel(String(sweep.door_group ?? ''))} doors · started {timeText(progress.startedAt)}
            {sweep.started_by_name ? ` by ${String(sweep.started_by_name)}` : ''}
            {progress.endedAt !== null &&
              ` · ended ${timeText(progress.endedAt)}${sweep.ended_by_name ? ` by ${String(sweep.ended_by_name)}` : ''}`}
          </p>
          {typeof sweep.note === 'string' && sweep.note && <p className="text-sm text-slate-700">Note: {sweep.note}</p>}
        </div>
        <div className="text-right">
          <p className="text-2xl font-bold text-slate-900" data-testid="sweep-secured">
            {progress.securedText}
          </p>
          <p className="text-sm text-slate-700" data-testid="sweep-elapsed">
            {progress.running ? 'Elapsed' : 'Took'} {progress.elapsedText}
          </p>
        </div>
      </header>
      <div
        role="progressbar"
        aria-label="Doors secured"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.secured}
        aria-valuetext={progress.securedText}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-green-700" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-800">
        {progress.problems > 0 && <span className="font-semibold text-red-800">{progress.problems} with a problem · </span>}
        {progress.remaining} not yet reached
      </p>
      {progress.remainingDoors.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Not yet reached</h3>
          <ul aria-label="Doors not yet reached" className="mt-1 flex flex-wrap gap-2">
            {progress.remainingDoors.map((d) => (
              <li key={d.doorId}>
                {progress.running ? (
                  <Link
                    to={scanPath(d.doorId)}
                    className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm font-semibold text-blue-800 hover:bg-slate-50"
                    aria-label={`Check door ${d.doorNumber}`}
                  >
                    {d.doorNumber}
                  </Link>
                ) : (
                  <span className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-3 text-sm">{d.doorNumber}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="overflow-x-auto">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption className="sr-only">Doors of this sweep</caption>
          <thead className="bg-slate-50">
            <tr>
              {['Door', 'Outcome', 'By', 'At'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-semibold text-slate-700">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {progress.doors.map((d) => (
              <tr key={d.doorId} data-testid="sweep-door" data-door={d.doorNumber} data-outcome={d.outcome ?? 'none'}>
                <td className="px-3 py-2 font-medium">{d.doorNumber}</td>
                <td className="px-3 py-2">
                  {d.outcome === 'secured' ? (
                    <span className="font-semibold text-green-800">Secured</span>
                  ) : d.outcome === 'problem' ? (
                    <span className="font-semibold text-red-800">Problem{d.problem ? `: ${d.problem}` : ''}</span>
                  ) : (
                    <span className="text-slate-600">Not reached</span>
                  )}
                  {d.pending && <span className="ml-2 text-xs text-slate-600">(counted here; the server has not confirmed it yet)</span>}
                </td>
                <td className="px-3 py-2">{d.checkedBy ?? '—'}</td>
                <td className="px-3 py-2">{timeText(d.checkedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        {admin && progress.running && (
          <Button variant="danger" onClick={() => setConfirming(true)} disabled={busy}>
            {busy ? 'Ending...' : 'End sweep'}
          </Button>
        )}
        {admin && (
          <Button variant="secondary" onClick={onPdf}>
            Download summary (PDF)
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        message={`End this sweep now? ${progress.securedText}. Checks recorded before the end on phones still offline count when they sync.`}
        confirmLabel="End sweep"
        onConfirm={() => void end()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
