/**
 * One organization in /door-management: summary cards, search, status
 * filter, door cards, Door Details and Active Maintenance (spec §2). The
 * data is read through the API (a support read, audited there) into the
 * platform cache, per tenant: offline the view shows the last copy read on
 * this device with its age, or says it needs the server when there is none.
 */
import { useCallback, useMemo, useState } from 'react';
import { fetchStaffTenantDoors, ProductApiError, usePlatformList, type StaffDoor } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { Field } from '../../../ui/field';
import { Loading } from '../../../ui/loading';
import {
  DOOR_STATUS_FILTERS,
  DOOR_STATUS_LABELS,
  filterDoors,
  isDoorStatusFilter,
  maintenanceOfDoor,
  summarizeDoors,
  type DoorStatusFilter,
} from '../door-troubleshooting';
import { ActiveMaintenance } from './active-maintenance';
import { ListFreshness } from './cached-list';
import { SelectField } from '../../../ui/controls';
import { DoorCards } from './door-cards';
import { DoorDetailsDialog } from './door-details-dialog';
import { DoorSummaryCards } from './door-summary-cards';
import type { DoorTenant } from './door-tenant-grid';

export const DOOR_VIEW_MESSAGES = {
  loading: 'Loading doors...',
  tryDifferent: 'Try a different organization',
  offline: 'You are offline. Door troubleshooting reads the organization’s live data, so it needs a connection to the server.',
} as const;

/** Spec §8's connection failure text when the API could not reach the tenant, else the API's own words. */
export function doorLoadFailure(error: unknown, company: string): string {
  if (error instanceof ProductApiError && error.status === 0)
    return navigator.onLine === false ? DOOR_VIEW_MESSAGES.offline : error.message;
  if (error instanceof ProductApiError && error.status !== 502 && error.message) return error.message;
  return `Failed to connect to ${company}'s database. Please check if the database is accessible and the connection details are correct.`;
}

export function TenantDoors({ tenant, userId, onChange }: { tenant: DoorTenant; userId: string; onChange: () => void }) {
  const load = useCallback(() => fetchStaffTenantDoors(tenant.id), [tenant.id]);
  const view = usePlatformList(userId, 'tenant-doors', load, tenant.id);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<DoorStatusFilter>('all');
  const [openDoor, setOpenDoor] = useState<StaffDoor | null>(null);

  const data = view.data;
  // The figures are as of the answer (Due This Week counts from then), so the render stays pure and a saved copy reads as it was.
  const asOf = view.fetchedAt;
  const summary = useMemo(
    () => (data && asOf ? summarizeDoors(data.doors, data.check_interval_hours, Date.parse(asOf)) : null),
    [data, asOf],
  );
  const shown = useMemo(() => (data ? filterDoors(data.doors, search, status) : []), [data, search, status]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{tenant.company_name}</h2>
          <p className="text-sm text-slate-600">{tenant.slug}</p>
        </div>
        <Button variant="secondary" onClick={onChange}>
          Change Organization
        </Button>
      </div>

      {!data && view.loading && <Loading label={DOOR_VIEW_MESSAGES.loading} />}

      {!data && !view.loading && (
        <Alert tone="error">
          {/* Offline nothing was asked, so there is no failure to word: the view needs the server. */}
          <p>{view.failure === null ? DOOR_VIEW_MESSAGES.offline : doorLoadFailure(view.failure, tenant.company_name)}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button size="sm" variant="secondary" onClick={view.reload} busy={view.refreshing}>
              Retry
            </Button>
            <button type="button" onClick={onChange} className="text-sm font-semibold text-blue-800 underline hover:text-blue-950">
              {DOOR_VIEW_MESSAGES.tryDifferent}
            </button>
          </div>
        </Alert>
      )}

      {data && summary && (
        <>
          <ListFreshness view={view} what="doors" />
          <DoorSummaryCards summary={summary} />
          <section aria-labelledby="doors-heading" className="space-y-4">
            <h3 id="doors-heading" className="text-lg font-semibold text-slate-900">
              Doors
            </h3>
            <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
              <Field
                label="Search doors"
                type="search"
                placeholder="Search by name or location"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              <SelectField label="Status" value={status} onChange={(e) => isDoorStatusFilter(e.target.value) && setStatus(e.target.value)}>
                {DOOR_STATUS_FILTERS.map((s) => (
                  <option key={s} value={s}>
                    {DOOR_STATUS_LABELS[s]}
                  </option>
                ))}
              </SelectField>
            </div>
            <p className="text-sm text-slate-700" aria-live="polite">
              {shown.length} of {data.doors.length} doors
            </p>
            {shown.length === 0 ? (
              <EmptyState title={data.doors.length === 0 ? 'No doors found' : 'No doors match your search'} />
            ) : (
              <DoorCards doors={shown} onOpen={setOpenDoor} />
            )}
          </section>
          <ActiveMaintenance rows={data.maintenance} />
          <DoorDetailsDialog
            door={openDoor}
            maintenance={openDoor ? maintenanceOfDoor(data.maintenance, openDoor.id) : []}
            intervalHours={data.check_interval_hours}
            onClose={() => setOpenDoor(null)}
          />
        </>
      )}
    </div>
  );
}
