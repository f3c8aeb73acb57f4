/**
 * One bus's phone screen, opened from the driver's home or an admin tab and
 * kept in the address (?bus={id}&view=inspect|roster) so a reload with no
 * signal comes back to it. The inspection form and the roster are the same
 * for a driver and an admin.
 */
import { Link, useSearchParams } from 'react-router-dom';
import type { CacheRow, TenantSync } from '../../../data';
import { EmptyState } from '../../../ui/empty-state';
import { Loading } from '../../../ui/loading';
import { useFleet } from './field-data';
import { directionFitsNow, myDriverIds } from './field-model';
import { InspectionForm } from './inspection-form';
import { RosterScreen } from './roster-screen';

export type BusView = 'inspect' | 'roster';

export const linkClass = 'inline-flex min-h-11 items-center text-sm font-semibold text-blue-800 underline-offset-4 hover:underline';

/** The address of a bus's view, keeping the rest of the address (an admin's ?tab=). */
export function busViewHref(params: URLSearchParams, busId: string, view: BusView): string {
  const p = new URLSearchParams(params);
  p.set('bus', busId);
  p.set('view', view);
  return `?${p.toString()}`;
}

/** The bus and view the address names, if any. */
export function busViewFrom(params: URLSearchParams): { busId: string; view: BusView } | null {
  const busId = params.get('bus');
  const view = params.get('view');
  return busId && (view === 'inspect' || view === 'roster') ? { busId, view } : null;
}

/** The route a record of this bus is filed under: one running now, else the first. */
export function routeNow(routes: readonly CacheRow[], now: Date): CacheRow | null {
  return routes.find((r) => directionFitsNow(r.direction, now)) ?? routes[0] ?? null;
}

export function routesLabel(routes: readonly CacheRow[]): string {
  if (routes.length === 0) return 'No route';
  return routes.map((r) => [r.route_number, r.name].filter(Boolean).join(' · ')).join(', ');
}

export function BusScreen({ sync, busId, view, backLabel }: { sync: TenantSync; busId: string; view: BusView; backLabel: string }) {
  const [params] = useSearchParams();
  const fleet = useFleet(sync.db);
  const back = new URLSearchParams(params);
  back.delete('bus');
  back.delete('view');
  const backLink = (
    <Link to={`?${back.toString()}`} className={linkClass}>
      {backLabel}
    </Link>
  );
  if (!fleet) return <Loading label="Loading the bus..." />;
  const bus = fleet.buses.find((b) => b.id === busId);
  if (!bus) {
    return (
      <div className="space-y-4">
        {backLink}
        <EmptyState title="This bus is not on this device">It may not have synced yet, or it is no longer assigned to you.</EmptyState>
      </div>
    );
  }
  const routes = fleet.routes
    .filter((r) => r.bus_id === busId && r.active !== false)
    .sort((a, b) => String(a.route_number ?? '').localeCompare(String(b.route_number ?? ''), undefined, { numeric: true }));
  const driverId = myDriverIds(sync.userId, fleet.drivers)[0] ?? null;
  return (
    <div className="mx-auto max-w-xl space-y-4">
      {backLink}
      {view === 'inspect' ? (
        <InspectionForm sync={sync} bus={bus} routes={routes} driverId={driverId} backHref={`?${back.toString()}`} backLabel={backLabel} />
      ) : (
        <RosterScreen sync={sync} bus={bus} routes={routes} fleet={fleet} driverId={driverId} />
      )}
    </div>
  );
}
