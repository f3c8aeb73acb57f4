/**
 * The running sweeps, said where officers already are (My Rounds), each
 * with how far the server has it (the board adds this device's unsynced
 * checks) and a link to its
 * board, where the doors still to reach are listed. From the cache: an
 * officer who started the shift online sees a sweep started since, once a
 * pull has brought it.
 */
import { Link } from 'react-router-dom';
import { trustedNow, useRows, type TenantDb } from '../../../data';
import { tenantPath } from '../../../lib/roles';
import { useNow } from '../../../lib/use-now';
import { sweepKindLabel, sweepProgress } from '../sweep-progress';

export function RunningSweepsNotice({ db, slug }: { db: TenantDb; slug: string }) {
  const sweeps = useRows(db, 'sweeps');
  const sweepDoors = useRows(db, 'sweep_doors');
  const campuses = useRows(db, 'campus');
  const now = useNow(30_000, trustedNow);
  const running = (sweeps ?? []).filter((s) => !s.ended_at && !s.deleted_at);
  if (running.length === 0 || !sweepDoors) return null;
  const campusName = new Map((campuses ?? []).map((c) => [c.id, String(c.campus_name ?? '')]));
  return (
    <section
      aria-label="Running sweeps"
      className="space-y-2 rounded-2xl border-2 border-amber-500 bg-amber-50 p-4"
      data-testid="running-sweeps"
    >
      {running.map((s) => {
        const p = sweepProgress(s, sweepDoors, [], now);
        return (
          <p key={s.id} className="text-sm text-slate-900">
            <span className="font-semibold">
              {sweepKindLabel(s.kind)} running at {campusName.get(String(s.campus_id)) ?? 'a campus'}
            </span>
            : {p.securedText}, {p.remaining} to reach.{' '}
            <Link to={tenantPath(slug, 'sweeps')} className="font-semibold text-blue-800 underline">
              Open the sweep
            </Link>
          </p>
        );
      })}
    </section>
  );
}
