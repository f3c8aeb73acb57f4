/**
 * The organization directory discovery shows: the active list (with what the
 * device saw before when the server cannot be reached) and the server search.
 * Loaded on demand (src/data/auth.ts) so screens that never list
 * organizations, the officer's scan path among them, do not carry it.
 */
import { ilikePattern, mergeOrganizations, SEARCH_LIMIT } from '../lib/organizations';
import { ORG_COLUMNS, platformRest, toOrganizations, type Organization } from './auth-orgs';
import { cacheKeys, readPublic, writePublic } from './auth-session';

export interface OrganizationList {
  organizations: Organization[];
  /** The server could not be reached: this is what the device saw before. */
  savedOnDevice: boolean;
}

/**
 * Active and trial organizations ordered by company name. Without the server,
 * the list last fetched merged with every organization opened on this device
 * (a deep link caches its one organization), so an officer who never used
 * discovery still finds theirs offline.
 */
export async function listOrganizations(): Promise<OrganizationList> {
  try {
    const orgs = toOrganizations(await platformRest(`Tenants?select=${ORG_COLUMNS}&status=in.(active,trial)&order=company_name.asc`));
    writePublic(cacheKeys.organizations(), orgs);
    return { organizations: orgs, savedOnDevice: false };
  } catch (error) {
    const seen = mergeOrganizations(readPublic<Organization[]>(cacheKeys.organizations()) ?? [], organizationsOpenedOnDevice());
    if (seen.length > 0) return { organizations: seen.sort((a, b) => a.company_name.localeCompare(b.company_name)), savedOnDevice: true };
    throw new Error('Failed to load organizations.', { cause: error });
  }
}

function organizationsOpenedOnDevice(): Organization[] {
  const prefix = cacheKeys.organization('');
  const found: Organization[] = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      const org = key?.startsWith(prefix) ? readPublic<Organization>(key) : null;
      if (org && typeof org.slug === 'string' && typeof org.company_name === 'string') found.push(org);
    }
  } catch {
    // Storage disabled: nothing was saved.
  }
  return found;
}

/**
 * Server search (spec §7): two case-insensitive selects, on company_name and
 * on display_name, 10 each, merged and de-duplicated by slug.
 */
export async function searchOrganizations(term: string): Promise<Organization[]> {
  const q = term.trim();
  if (!q) return [];
  // The same encoding supabase-js uses for .ilike(column, '%term%').
  const pattern = encodeURIComponent(ilikePattern(q));
  const base = `Tenants?select=${ORG_COLUMNS}&status=in.(active,trial)&order=company_name.asc&limit=${SEARCH_LIMIT}`;
  const [byCompany, byDisplay] = await Promise.allSettled([
    platformRest(`${base}&company_name=ilike.${pattern}`),
    platformRest(`${base}&display_name=ilike.${pattern}`),
  ]);
  if (byCompany.status === 'rejected' && byDisplay.status === 'rejected') {
    throw new Error('Failed to search organizations. Please try again.', { cause: byCompany.reason });
  }
  return mergeOrganizations(
    byCompany.status === 'fulfilled' ? toOrganizations(byCompany.value) : [],
    byDisplay.status === 'fulfilled' ? toOrganizations(byDisplay.value) : [],
  );
}
