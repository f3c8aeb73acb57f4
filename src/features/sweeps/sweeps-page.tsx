/**
 * /tenant/{slug}/sweeps: campus sweeps (issue 18). Admins start a sweep and
 * watch its board; officers see the running sweeps with the doors still to
 * reach, each a link to its check. Everything is read from the cache and
 * pulled every few seconds while online, so the board keeps working from
 * the last copy when the signal drops.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { getCachedOrganization, trustedNow, useLivePull, useRows, useTenantSync, type CacheRow, type TenantSync } from '../../data';
import { useHoldContentReady } from '../../lib/content-ready';
import { organizationLabel } from '../../lib/organizations';
import { normalizeRole, tenantPath } from '../../lib/roles';
import { useNow } from '../../lib/use-now';
import { useOnline } from '../../lib/use-online';
import { Alert } from '../../ui/alert';
import { Loading } from '../../ui/loading';
import { TenantShell, useTenantRoute } from '../tenant-auth/index';
import { SweepBoard } from './components/sweep-board';
import { StartSweepForm } from './components/start-sweep-form';
import { progressOf, SWEEP_LIVE_TABLES, useSweepData, type SweepData } from './hooks/use-sweeps';
import { downloadSweepPdf, PDF_FAILED } from './sweep-download';
import { sweepKindLabel } from './sweep-progress';

const RECENT = 10;

export function SweepsPage() {
  const { slug, userId, profile } = useTenantRoute();
  const { sync, error } = useTenantSync(slug, userId);
  useHoldContentReady(!sync && !error);
  useLivePull(sync, SWEEP_LIVE_TABLES);
  const role = normalizeRole(profile?.role);
  const admin = role === 'security_admin' || role === 'super_admin';
  return (
    <TenantShell
      title="Campus Sweeps"
      subtitle={`Tenant: ${slug}`}
      headerExtra={
        <Link
          to={tenantPath(slug, admin ? 'security' : 'rounds')}
          className="text-sm font-semibold text-blue-800 underline-offset-4 hover:underline"
        >
          {admin ? 'Security Dashboard' : 'My Rounds'}
        </Link>
      }
    >
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : sync ? (
        <SweepsBody sync={sync} slug={slug} admin={admin} />
      ) : (
        <Loading label="Opening this device's data..." />
      )}
    </TenantShell>
  );
}

function SweepsBody({ sync, slug, admin }: { sync: TenantSync; slug: string; admin: boolean }) {
  const data = useSweepData(sync.db);
  const doors = useRows(sync.db, 'doors');
  const online = useOnline();
  // The server's clock, as the checks' and the sweep's times are (decision 013): a phone whose clock is off still counts its own checks.
  const now = useNow(1000, trustedNow);
  const runningCampusIds = useMemo(() => new Set((data?.running ?? []).map((s) => String(s.campus_id))), [data]);
  const [pdfError, setPdfError] = useState<string | null>(null);
  if (!data || !doors) return <Loading label="Loading sweeps..." />;

  const scanPath = (doorId: string) => `${tenantPath(slug, 'scan')}?door=${encodeURIComponent(doorId)}`;
  const pdf = (sweep: CacheRow) => {
    const org = getCachedOrganization(slug);
    setPdfError(null);
    // The PDF code loads on first use: offline, before the app has cached it, that load can fail.
    downloadSweepPdf({
      tenant: org ? organizationLabel(org) : slug,
      campus: data.campusName.get(String(sweep.campus_id)) ?? 'Unknown campus',
      sweep,
      progress: progressOf(data, sweep, now),
      generatedAt: new Date(),
    }).catch(() => setPdfError(PDF_FAILED));
  };

  return (
    <div className="space-y-6">
      {pdfError && <Alert tone="error">{pdfError}</Alert>}
      {!online && <Alert tone="warning">Offline: the board shows this device&apos;s copy and counts checks recorded here.</Alert>}
      {admin && <StartSweepForm sync={sync} campuses={data.campuses} doors={doors} runningCampusIds={runningCampusIds} />}
      <section aria-labelledby="running-sweeps" className="space-y-3">
        <h2 id="running-sweeps" className="text-xl font-semibold text-slate-900">
          Running sweeps
        </h2>
        {data.running.length === 0 ? (
          <p className="text-sm text-slate-700">No sweep is running.</p>
        ) : (
          data.running.map((s) => (
            <SweepBoard
              key={s.id}
              sync={sync}
              sweep={s}
              progress={progressOf(data, s, now)}
              campusName={data.campusName.get(String(s.campus_id)) ?? 'Unknown campus'}
              admin={admin}
              scanPath={scanPath}
              onPdf={() => pdf(s)}
            />
          ))
        )}
      </section>
      <RecentSweeps data={data} admin={admin} now={now} onPdf={pdf} />
    </div>
  );
}

function RecentSweeps({ data, admin, now, onPdf }: { data: SweepData; admin: boolean; now: number; onPdf: (s: CacheRow) => void }) {
  const recent = data.ended.slice(0, RECENT);
  return (
    <section aria-labelledby="recent-sweeps" className="space-y-3">
      <h2 id="recent-sweeps" className="text-xl font-semibold text-slate-900">
        Recent sweeps
      </h2>
      {recent.length === 0 ? (
        <p className="text-sm text-slate-700">No sweep has ended yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {recent.map((s) => {
            const p = progressOf(data, s, now);
            return (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="recent-sweep">
                <div>
                  <p className="font-semibold text-slate-900">
                    {sweepKindLabel(s.kind)} · {data.campusName.get(String(s.campus_id)) ?? 'Unknown campus'}
                  </p>
                  <p className="text-sm text-slate-700">
                    {new Date(p.startedAt).toLocaleString()} · took {p.elapsedText} · {p.securedText}
                    {p.problems ? ` · ${p.problems} with a problem` : ''}
                  </p>
                </div>
                {admin && (
                  <button type="button" className="text-sm font-semibold text-blue-800 underline" onClick={() => onPdf(s)}>
                    Summary PDF
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
