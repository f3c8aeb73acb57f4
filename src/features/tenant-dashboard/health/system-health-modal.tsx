/**
 * The System Health modal of the tenant dashboard (spec §2): overall figure,
 * response time and last check, then Database, Door System, Maintenance,
 * Incidents, User Activity and Performance. Opening it checks again; offline
 * it shows the last figures computed on this device, with their time.
 */
import { useEffect } from 'react';
import type { TenantSync } from '../../../data';
import { formatResponseTime, responseStatus, USER_ACTIVITY_DAYS } from '../../../../supabase/functions/_shared/health';
import type { HealthSummary } from '../../../../supabase/functions/_shared/health-summary';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Loading } from '../../../ui/loading';
import { Modal } from '../../../ui/modal';
import { HealthCard, ProgressBar, StatusBadge } from './health-parts';
import { formatCheckedAt } from './health-view';
import { useHealthSummary } from './use-health-summary';

export interface SystemHealthModalProps {
  open: boolean;
  onClose: () => void;
  sync: TenantSync;
}

const n = (v: number) => v.toLocaleString();

export function SystemHealthModal({ open, onClose, sync }: SystemHealthModalProps) {
  const health = useHealthSummary(sync);
  const { refresh } = health;
  // Each opening checks again: "last checked" then means now, not when the dashboard loaded.
  useEffect(() => {
    if (open) void refresh();
  }, [open, refresh]);

  const retry = () => void refresh();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="System Health"
      size="xl"
      footer={
        <>
          {!health.error && (
            <Button variant="secondary" onClick={retry} busy={health.loading}>
              {health.loading ? 'Checking...' : 'Refresh'}
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {health.error ? (
        <div className="space-y-3">
          <Alert tone="error">{health.error}</Alert>
          <Button onClick={retry} busy={health.loading}>
            Try Again
          </Button>
        </div>
      ) : health.summary ? (
        <HealthBody summary={health.summary} fromCache={health.fromCache} checking={health.checking} />
      ) : (
        <Loading label="Loading system health..." />
      )}
    </Modal>
  );
}

function HealthBody({ summary: s, fromCache, checking }: { summary: HealthSummary; fromCache: boolean; checking: boolean }) {
  const checked = formatCheckedAt(s.overall.lastChecked);
  const unmeasured = checking ? 'Checking...' : 'Not measured (offline)';
  const response = s.overall.responseTime === null ? unmeasured : formatResponseTime(s.overall.responseTime);
  const db = s.database;
  return (
    <div className="space-y-5">
      {fromCache && <Alert tone="warning">{`Last computed ${checked}, offline. These are the figures from then.`}</Alert>}
      {!fromCache && !checking && !db.checked && (
        <Alert tone="warning">Offline: the database was not checked. Figures are from this device's copy of the data.</Alert>
      )}
      <section aria-label="Overall health" className="space-y-2 rounded-xl bg-slate-50 p-4">
        <div className="flex flex-wrap items-baseline gap-3">
          <p className="text-4xl font-bold text-slate-900">
            <span className="sr-only">Overall health </span>
            {s.overall.percentage}%
          </p>
          <StatusBadge status={s.overall.status} />
        </div>
        <ProgressBar label="Overall health" percent={s.overall.percentage} status={s.overall.status} />
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          <div>
            <dt className="inline">Response time: </dt>
            <dd className="inline font-medium text-slate-900">{response}</dd>
          </div>
          <div>
            <dt className="inline">Last checked: </dt>
            <dd className="inline font-medium text-slate-900">{checked}</dd>
          </div>
        </dl>
      </section>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <HealthCard
          title="Database"
          status={db.status}
          figures={[
            {
              label: 'Connection',
              value: checking ? 'Checking...' : !db.checked ? 'Not checked (offline)' : db.connected ? 'Connected' : 'Not connected',
            },
            { label: 'Response time', value: db.responseTime === null ? '—' : formatResponseTime(db.responseTime) },
          ]}
          note={db.error && (db.detail ? `${db.error}: ${db.detail}` : db.error)}
        />
        <HealthCard
          title="Door System"
          status={s.doors.status}
          percent={s.doors.healthPercentage}
          figures={[
            { label: 'Total doors', value: n(s.doors.total) },
            { label: 'Operational', value: n(s.doors.operational) },
            { label: 'Maintenance', value: n(s.doors.maintenance) },
            { label: 'Out of service', value: n(s.doors.outOfService) },
          ]}
        />
        <HealthCard
          title="Maintenance"
          status={s.maintenance.status}
          percent={s.maintenance.healthPercentage}
          figures={[
            { label: 'Total records', value: n(s.maintenance.total) },
            { label: 'Active', value: n(s.maintenance.active) },
            { label: 'High priority', value: n(s.maintenance.highPriority) },
          ]}
        />
        <HealthCard
          title="Incidents"
          status={s.incidents.status}
          percent={s.incidents.healthPercentage}
          figures={[
            { label: 'Total incidents', value: n(s.incidents.total) },
            { label: 'Active', value: n(s.incidents.active) },
            { label: 'Critical', value: n(s.incidents.critical) },
          ]}
        />
        <HealthCard
          title="User Activity"
          status={s.users.status}
          percent={s.users.healthPercentage}
          figures={[
            { label: 'Total users', value: n(s.users.total) },
            { label: `Active in ${USER_ACTIVITY_DAYS} days`, value: n(s.users.active) },
          ]}
        />
        <HealthCard
          title="Performance"
          status={db.connected && db.responseTime !== null ? responseStatus(db.responseTime) : null}
          figures={[{ label: 'Response time', value: response }]}
          note="Below 1 s is excellent, below 2 s good, slower fair."
        />
      </div>
    </div>
  );
}
