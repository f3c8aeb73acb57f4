/**
 * /admin/system-health (issue 11): every tenant's health by the one shared
 * rule (supabase/functions/_shared/health.ts) and its database status, from
 * GET /admin/stats through the platform cache (the dashboard's figures are
 * the same list, so either screen refreshes the other's copy).
 */
import { usePlatformList, type StaffProfile } from '../../../data';
import { Table, type Column } from '../../../ui/table';
import { databaseStatusLabel } from '../../../../supabase/functions/_shared/tenant-schema';
import { CachedList } from '../components/cached-list';
import { formatDateTime, humanize } from '../model';
import { staffToolsApi, type TenantFigures } from '../staff-tools-api';
import { healthView } from '../staff-tools-model';
import { AdminShell } from './admin-shell';

export function SystemHealthPage() {
  return <AdminShell title="System Health">{(profile) => <SystemHealth profile={profile} />}</AdminShell>;
}

function databaseText(t: TenantFigures): string {
  const label = databaseStatusLabel(t.database_status);
  if (t.reachable === false) return `${label}, not answering${t.error ? `: ${t.error}` : ''}`;
  if (t.reachable === null && t.database_status === 'active') return `${label}, no service key stored`;
  return label;
}

const count = (n: number | undefined) => (n === undefined ? '—' : n);

const columns: Column<TenantFigures>[] = [
  {
    key: 'tenant',
    header: 'Tenant',
    cell: (t) => (
      <div>
        <p className="font-semibold text-slate-900">{t.company_name}</p>
        <p className="text-slate-600">
          {t.slug} · {humanize(t.status)}
        </p>
      </div>
    ),
  },
  {
    key: 'health',
    header: 'Health',
    cell: (t) => {
      const h = healthView(t.health);
      return (
        <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${h.className}`} data-colour={h.colour}>
          {h.label}
        </span>
      );
    },
  },
  { key: 'database', header: 'Database', cell: databaseText },
  { key: 'doors', header: 'Doors', cell: (t) => count(t.doors) },
  { key: 'maintenance', header: 'Open maintenance', cell: (t) => count(t.maintenance_open) },
  { key: 'incidents', header: 'Open incidents', cell: (t) => count(t.incidents_open) },
  { key: 'last-check', header: 'Last check', cell: (t) => formatDateTime(t.last_check_at) },
  { key: 'as-of', header: 'Figures read', cell: (t) => formatDateTime(t.as_of) },
];

function SystemHealth({ profile }: { profile: StaffProfile }) {
  const stats = usePlatformList(profile.id, 'stats', staffToolsApi.stats);
  return (
    <CachedList view={stats} what="tenant health">
      {(s) => (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            Health weighs doors operational (30%), maintenance resolved (25%), incidents resolved (25%) and users active in the last 30 days
            (20%): green at 90 or more, yellow at 70, red below. Each tenant's figures are read from its own database at most a minute
            before this list was fetched.
          </p>
          <Table
            caption="Tenant health"
            hideCaption
            columns={columns}
            rows={s.perTenant ?? []}
            rowKey={(t) => t.id}
            empty="No tenants yet."
          />
        </div>
      )}
    </CachedList>
  );
}
