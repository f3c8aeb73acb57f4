/**
 * The tenant's support access history (DESIGN §8: a tenant sees every
 * support session into its data): each provider session with staff, reason,
 * start and end or expiry, and the provider's other reads and user changes.
 * Remembered on the device, so it opens offline with its age.
 */
import { callTenantProductApi, formatAge, type TenantSync } from '../../../data';
import { supportReasonLabel } from '../../../lib/support-access';
import { Alert } from '../../../ui/alert';
import { Table } from '../../../ui/table';
import { useRememberedFetch } from '../hooks/use-remembered-fetch';

export interface SupportSessionRow {
  id: string;
  staff_email: string | null;
  staff_name: string | null;
  reason: string;
  details: string | null;
  started_at: string;
  expires_at: string;
  ended_at: string | null;
  minutes: number;
}

export interface StaffActionRow {
  action: string;
  staff_email: string | null;
  target: string | null;
  created_at: string;
}

interface HistoryAnswer {
  sessions: SupportSessionRow[];
  actions: StaffActionRow[];
}

const ACTION_LABEL: Record<string, string> = {
  'support.read': 'Read data',
  'tenant_user.create': 'Created a user',
  'tenant_user.update': 'Changed a user',
  'tenant_user.reset_password': 'Reset a password',
  'tenant_user.deactivate': 'Deactivated a user',
  'tenant_user.reactivate': 'Reactivated a user',
};

const when = (iso: string) => new Date(iso).toLocaleString();

/** How a session ended: ended at, still active, or expired at. */
export function sessionEnd(s: Pick<SupportSessionRow, 'ended_at' | 'expires_at'>, now: number): string {
  if (s.ended_at) return `Ended ${when(s.ended_at)}`;
  return Date.parse(s.expires_at) > now ? `Active until ${when(s.expires_at)}` : `Expired ${when(s.expires_at)}`;
}

const fetchHistory = (sync: TenantSync) =>
  callTenantProductApi<HistoryAnswer>(sync.endpoint, 'tenant-proxy/support-history', { query: { tenantSlug: sync.endpoint.slug } });

export function SupportHistory({ sync, now }: { sync: TenantSync; now: number }) {
  const h = useRememberedFetch(sync, 'support_history', fetchHistory);
  return (
    <section aria-labelledby="support-history" className="space-y-3">
      <h2 id="support-history" className="text-lg font-semibold text-slate-900">
        Support Access History
      </h2>
      <p className="text-sm text-slate-600">Every time the provider's staff entered your organization's data, and why.</p>
      {h.error && (
        <Alert tone={h.value ? 'info' : 'error'}>
          {h.value && h.at
            ? `Showing the history as of ${formatAge(now - Date.parse(h.at))} ago. `
            : 'The support history could not be loaded. '}
          {h.error}
        </Alert>
      )}
      {!h.value ? (
        h.loading ? (
          <p role="status" className="text-sm text-slate-600">
            Loading support history…
          </p>
        ) : null
      ) : (
        <>
          <Table
            caption="Support sessions"
            rows={h.value.sessions}
            rowKey={(s) => s.id}
            empty="No support sessions. The provider's staff have not entered your data."
            columns={[
              {
                key: 'staff',
                header: 'Staff',
                cell: (s) => (
                  <span>
                    {s.staff_name ?? s.staff_email ?? 'Unknown'}
                    {s.staff_name && s.staff_email ? <span className="block text-slate-600">{s.staff_email}</span> : null}
                  </span>
                ),
              },
              {
                key: 'reason',
                header: 'Reason',
                cell: (s) => (
                  <span>
                    {supportReasonLabel(s.reason)}
                    {s.details ? <span className="block text-slate-600">{s.details}</span> : null}
                  </span>
                ),
              },
              { key: 'start', header: 'Started', cell: (s) => when(s.started_at) },
              { key: 'end', header: 'Ended or expires', cell: (s) => sessionEnd(s, now) },
              { key: 'minutes', header: 'Minutes', cell: (s) => s.minutes },
            ]}
          />
          <Table
            caption="Other provider access"
            rows={h.value.actions}
            rowKey={(a) => `${a.action}-${a.created_at}-${a.target ?? ''}`}
            empty="No other access."
            columns={[
              { key: 'action', header: 'What', cell: (a) => ACTION_LABEL[a.action] ?? a.action },
              { key: 'target', header: 'On', cell: (a) => a.target ?? '—' },
              { key: 'who', header: 'Staff', cell: (a) => a.staff_email ?? 'Unknown' },
              { key: 'at', header: 'When', cell: (a) => when(a.created_at) },
            ]}
          />
        </>
      )}
    </section>
  );
}
