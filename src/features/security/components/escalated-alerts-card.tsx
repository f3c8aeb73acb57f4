/**
 * For the super admins' dashboard: doors whose missed check escalated and
 * that nobody acknowledged at that level, with their count; they may
 * acknowledge them here with a note. Reads the local cache (works offline).
 */
import type { TenantDb } from '../../../data';
import { Loading } from '../../../ui/loading';
import { useMissedCheckAlerts } from '../hooks/use-missed-check-alerts';
import { useCampusNames } from './missed-check-alerts';
import { MissedCheckList } from './missed-check-list';

export function EscalatedAlertsCard({ db, canAcknowledge }: { db: TenantDb; canAcknowledge?: boolean }) {
  const alerts = useMissedCheckAlerts(db);
  const campusNames = useCampusNames(db);
  // Shown to super admins (and support sessions, which have no users row here);
  // the server refuses an ack from anyone else, so a host screen that shows the
  // card to other roles passes canAcknowledge={false}.
  const mayAck = canAcknowledge ?? true;
  return (
    <section
      className="rounded-2xl border border-red-200 bg-white p-5"
      aria-labelledby="escalated-alerts-title"
      data-testid="escalated-alerts"
    >
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="escalated-alerts-title" className="text-lg font-semibold text-slate-900">
          Escalated missed checks
        </h2>
        {!alerts.loading && (
          <span className="rounded-full bg-red-100 px-3 py-1 text-sm font-bold text-red-900" data-testid="escalated-count">
            {alerts.escalated.length}
          </span>
        )}
      </div>
      {alerts.loading ? (
        <Loading label="Loading missed checks..." />
      ) : (
        <MissedCheckList
          db={db}
          alerts={alerts.escalated}
          campusNames={campusNames}
          canAcknowledge={mayAck}
          empty="No door is past its escalation threshold."
        />
      )}
    </section>
  );
}
