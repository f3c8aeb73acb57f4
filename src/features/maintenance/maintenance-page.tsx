/**
 * /tenant/{slug}/maintenance: the work orders failing checks open (issue 13
 * §2), read from the local cache so it works offline. Security and super
 * admins see every record with filters and manage them; everyone else sees
 * "My Work", what an admin assigned to them, laid out for a phone. A record
 * opens at ?order={id} (deep links from a door's details), and the filters
 * live in the address so Back returns to the same list.
 */
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useLivePull, useRows, useTenantSync, type CacheRow, type SyncedTable, type TenantSync } from '../../data';
import { normalizeRole, tenantPath } from '../../lib/roles';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Loading } from '../../ui/loading';
import { TenantShell, useTenantRoute } from '../tenant-auth/index';
import { WorkOrderDetails } from './components/work-order-details';
import { WorkOrderFiltersForm } from './components/work-order-filters';
import { WorkOrderList } from './components/work-order-list';
import { filtersFromParams, filtersToParams, filterWorkOrders, isActive, localDateIso, myWork, type WorkOrderContext } from './model';

// Comments and checks made elsewhere show up while the page is open.
const LIVE: readonly SyncedTable[] = ['maintenance_records', 'maintenance_comments', 'door_log', 'doors'];

const linkClass = 'inline-flex min-h-11 items-center text-sm font-semibold text-blue-800 underline-offset-4 hover:underline';

export function MaintenancePage() {
  const { slug, userId, profile } = useTenantRoute();
  const { sync, error } = useTenantSync(slug, userId);
  useLivePull(sync, LIVE);
  const role = normalizeRole(profile?.role);
  const isAdmin = role === 'security_admin' || role === 'super_admin';
  return (
    <TenantShell
      title={isAdmin ? 'Maintenance Work Orders' : 'My Work'}
      subtitle={`Tenant: ${slug}`}
      headerExtra={
        <Link to={tenantPath(slug, isAdmin ? 'security' : 'rounds')} className={linkClass}>
          {isAdmin ? 'Security Dashboard' : 'My Rounds'}
        </Link>
      }
    >
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : sync ? (
        <WorkOrders sync={sync} isAdmin={isAdmin} />
      ) : (
        <Loading label="Loading work orders..." fullScreen />
      )}
    </TenantShell>
  );
}

function byId(rows: readonly CacheRow[] | undefined): Map<string, CacheRow> {
  return new Map((rows ?? []).map((r) => [r.id, r]));
}

function WorkOrders({ sync, isAdmin }: { sync: TenantSync; isAdmin: boolean }) {
  const db = sync.db;
  const records = useRows(db, 'maintenance_records');
  const doors = useRows(db, 'doors');
  const campuses = useRows(db, 'campus');
  const users = useRows(db, 'users');
  const [params, setParams] = useSearchParams();
  // The day changes rarely; read once per render of the list.
  const today = localDateIso(new Date());
  const ctx = useMemo<WorkOrderContext>(
    () => ({ doors: byId(doors), campuses: byId(campuses), users: byId(users) }),
    [doors, campuses, users],
  );

  if (!records || !doors || !campuses || !users) return <Loading label="Loading work orders..." fullScreen />;

  const orderId = params.get('order');
  const listParams = new URLSearchParams(params);
  listParams.delete('order');
  const listHref = `?${listParams.toString()}`;
  const hrefOf = (r: CacheRow) => {
    const p = new URLSearchParams(listParams);
    p.set('order', r.id);
    return `?${p.toString()}`;
  };

  if (orderId) {
    const row = records.find((r) => r.id === orderId);
    return (
      <div className="space-y-4">
        <Link to={listHref} className={linkClass}>
          {isAdmin ? 'Back to work orders' : 'Back to my work'}
        </Link>
        {row ? (
          <WorkOrderDetails sync={sync} row={row} ctx={ctx} today={today} isAdmin={isAdmin} />
        ) : (
          <EmptyState title="This work order is not on this device">
            It may not have synced yet, or it was opened in another organization.
          </EmptyState>
        )}
      </div>
    );
  }

  if (!isAdmin) {
    const mine = myWork(records, db.binding.userId, today, ctx);
    const open = mine.filter(isActive);
    const done = mine.filter((r) => !isActive(r)).slice(0, 10);
    return (
      <div className="space-y-6">
        {open.length === 0 ? (
          <EmptyState title="Nothing assigned to you">
            Work orders an admin assigns to you appear here, on this device even without a connection.
          </EmptyState>
        ) : (
          <WorkOrderList rows={open} ctx={ctx} today={today} hrefOf={hrefOf} label="Assigned to you" />
        )}
        {done.length > 0 && (
          <section className="space-y-2">
            <h2 className="text-lg font-semibold text-slate-900">Recently resolved</h2>
            <WorkOrderList rows={done} ctx={ctx} today={today} hrefOf={hrefOf} label="Recently resolved" />
          </section>
        )}
      </div>
    );
  }

  const filters = filtersFromParams(params);
  const shown = filterWorkOrders(records, filters, today, ctx);
  return (
    <div className="space-y-4">
      <WorkOrderFiltersForm
        value={filters}
        onChange={(next) => setParams(filtersToParams(next, listParams), { replace: true })}
        campuses={campuses.filter((c) => !c.deleted_at)}
        doors={doors.filter((d) => !d.deleted_at && d.door_number !== 'GLOBAL_DEFAULT')}
        users={users}
      />
      <p role="status" className="text-sm text-slate-700">
        {shown.length === 1 ? '1 work order' : `${shown.length} work orders`}
      </p>
      {shown.length === 0 ? (
        <EmptyState title="No work orders match">Change the filters to see more.</EmptyState>
      ) : (
        <PagedList key={listParams.toString()} rows={shown} ctx={ctx} today={today} hrefOf={hrefOf} />
      )}
    </div>
  );
}

/** A page of the list at a time: years of resolved records must not become tens of thousands of links at once. */
const PAGE = 100;

function PagedList({
  rows,
  ctx,
  today,
  hrefOf,
}: {
  rows: readonly CacheRow[];
  ctx: WorkOrderContext;
  today: string;
  hrefOf: (r: CacheRow) => string;
}) {
  const [count, setCount] = useState(PAGE);
  const more = Math.min(PAGE, rows.length - count);
  return (
    <div className="space-y-3">
      <WorkOrderList rows={rows.slice(0, count)} ctx={ctx} today={today} hrefOf={hrefOf} label="Work orders" />
      {more > 0 && (
        <Button variant="secondary" onClick={() => setCount((c) => c + PAGE)}>
          Show {more} more (of {rows.length - count} not shown)
        </Button>
      )}
    </div>
  );
}
