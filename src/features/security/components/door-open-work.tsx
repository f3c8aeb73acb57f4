/**
 * A door's open work orders in its details (issue 13 §2): what is still to
 * be done on it, each a link to the record on the maintenance screen.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { listMaintenanceByDoor, type TenantDb } from '../../../data';
import { maintenanceStatusLabel, PRIORITY_LABELS } from '../../../lib/work-order-labels';
import { tenantPath } from '../../../lib/roles';
import { Loading } from '../../../ui/loading';
import { isActiveWorkOrder } from '../../maintenance/index';

export function DoorOpenWork({ db, slug, doorId }: { db: TenantDb; slug: string; doorId: string }) {
  const headingId = useId();
  const records = useLiveQuery(() => listMaintenanceByDoor(db, doorId), [db, doorId]);
  const open = records?.filter(isActiveWorkOrder).sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
  const base = tenantPath(slug, 'maintenance');
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-semibold text-slate-900">
        Open work
      </h3>
      {!open ? (
        <Loading />
      ) : open.length === 0 ? (
        <p className="text-slate-700">No open work orders.</p>
      ) : (
        <ul className="space-y-1">
          {open.map((r) => (
            <li key={r.id}>
              <Link
                to={`${base}?order=${encodeURIComponent(r.id)}`}
                className="inline-flex min-h-11 items-center text-blue-800 underline underline-offset-4"
              >
                {typeof r.description === 'string' && r.description ? r.description : 'Work order'} ·{' '}
                {PRIORITY_LABELS[String(r.priority)] ?? String(r.priority)} priority · {maintenanceStatusLabel(String(r.status ?? 'open'))}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link
        to={`${base}?door=${encodeURIComponent(doorId)}&status=all`}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-blue-800 underline-offset-4 hover:underline"
      >
        All work orders for this door
      </Link>
    </section>
  );
}
