/**
 * Step 1 of the support access dialog: every tenant with its health, from
 * the staff figures (GET /api/admin/stats perTenant), so the list shows the
 * same health the staff dashboard does.
 */
import { callProductApi } from '../../data';
import { supportDialogColour, type Health } from '../../../supabase/functions/_shared/health';
import type { SupportTenantOption } from '../../lib/support-access';

export interface SupportTenant extends SupportTenantOption {
  id: string;
  /** null: the tenant was not asked (no active database or no key) or did not answer. */
  health: Health | null;
}

interface PerTenant {
  id: string;
  slug: string;
  company_name: string;
  database_status: string;
  health: Health | null;
}

export async function fetchSupportTenants(): Promise<SupportTenant[]> {
  return supportTenantsOf(await callProductApi<{ perTenant?: PerTenant[] }>('/admin/stats'));
}

/** The list from the staff figures, also as the platform cache keeps them ('stats'), so it can be shown offline. */
export function supportTenantsOf({ perTenant }: { perTenant?: readonly PerTenant[] }): SupportTenant[] {
  return (perTenant ?? [])
    .map(({ id, slug, company_name, database_status, health }) => ({ id, slug, company_name, database_status, health }))
    .sort((a, b) => a.company_name.localeCompare(b.company_name));
}

/** The dot and the words a tenant's health shows in the list (spec §4: green at 90, yellow at 70, else red). */
export function healthBadge(health: Health | null): { dot: string; text: string; colour: 'green' | 'yellow' | 'red' | 'grey' } {
  if (!health) return { dot: 'bg-slate-400', text: 'Health unknown', colour: 'grey' };
  const colour = supportDialogColour(health.score);
  const dot = colour === 'green' ? 'bg-green-600' : colour === 'yellow' ? 'bg-yellow-400' : 'bg-red-600';
  return { dot, text: `Health ${health.score}%`, colour };
}
