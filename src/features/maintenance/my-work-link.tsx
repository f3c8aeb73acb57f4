/**
 * "My Work (n)": the assignee's way to what an admin gave them, shown on the
 * screen they land on, only while they have something to do.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { listRowsWhere, type TenantDb } from '../../data';
import { tenantPath } from '../../lib/roles';
import { ButtonLink } from '../../ui/button';
import { cx } from '../../ui/cx';
import { isActive } from './model';

/** How many open work orders this device holds for the user; undefined while it reads. */
export function useMyOpenWork(db: TenantDb, userId: string): number | undefined {
  return useLiveQuery(
    async () => (await listRowsWhere(db, 'maintenance_records', 'assigned_to', userId)).filter(isActive).length,
    [db, userId],
  );
}

export function MyWorkLink({ db, slug, userId, className }: { db: TenantDb; slug: string; userId: string; className?: string }) {
  return <MyWorkButton slug={slug} open={useMyOpenWork(db, userId)} className={className} />;
}

/** The link itself, for a screen that reads the count with its own data (and shows both together). */
export function MyWorkButton({ slug, open, className }: { slug: string; open: number | undefined; className?: string }) {
  if (!open) return null;
  return (
    <ButtonLink to={tenantPath(slug, 'maintenance')} variant="secondary" size="lg" className={cx('w-full sm:w-auto', className)}>
      My Work ({open === 1 ? '1 work order' : `${open} work orders`})
    </ButtonLink>
  );
}
