import { Link } from 'react-router-dom';
import { tenantPath } from '../../../lib/roles';

const tile =
  'block h-full w-full rounded-xl border border-slate-200 bg-white p-4 text-left hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700';

/** Spec §2: the three link tiles. User management and settings are the super admin's; health is everyone's. */
export function LinkTiles({ slug, superAdmin, onOpenHealth }: { slug: string; superAdmin: boolean; onOpenHealth: () => void }) {
  return (
    <nav aria-label="Administration">
      <ul className="grid gap-3 sm:grid-cols-3">
        {superAdmin && (
          <li>
            <Link to={tenantPath(slug, 'users')} className={tile}>
              <span className="block font-semibold text-blue-800">User Management</span>
              <span className="block text-sm text-slate-600">Add, edit, reset and deactivate users.</span>
            </Link>
          </li>
        )}
        {superAdmin && (
          <li>
            <Link to={tenantPath(slug, 'settings')} className={tile}>
              <span className="block font-semibold text-blue-800">System Settings</span>
              <span className="block text-sm text-slate-600">Check interval, alerts, features and support access history.</span>
            </Link>
          </li>
        )}
        <li>
          <button type="button" onClick={onOpenHealth} className={tile}>
            <span className="block font-semibold text-blue-800">System Health</span>
            <span className="block text-sm text-slate-600">Database, doors, maintenance, incidents and users.</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
