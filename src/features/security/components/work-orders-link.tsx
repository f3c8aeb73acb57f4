/** The way from the security dashboard to the work orders, saying how many are still open. */
import { useLiveQuery } from 'dexie-react-hooks';
import { countRowsWhere, type TenantDb } from '../../../data';
import { tenantPath } from '../../../lib/roles';
import { ButtonLink } from '../../../ui/button';

export function WorkOrdersLink({ db, slug }: { db: TenantDb; slug: string }) {
  const open = useLiveQuery(async () => {
    const [o, p] = await Promise.all([
      countRowsWhere(db, 'maintenance_records', 'status', 'open'),
      countRowsWhere(db, 'maintenance_records', 'status', 'in_progress'),
    ]);
    return o + p;
  }, [db]);
  return (
    <ButtonLink to={tenantPath(slug, 'maintenance')} variant="secondary">
      Work Orders{open === undefined ? '' : ` (${open} open)`}
    </ButtonLink>
  );
}
