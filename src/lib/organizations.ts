/**
 * Organization lists on the sign-in screens: the merge of the two server
 * searches (company name, display name; de-duplicated by slug) and the
 * picker's local, case-insensitive filter on company name or slug.
 */

export interface OrganizationSummary {
  slug: string;
  company_name: string;
  display_name?: string | null;
  description?: string | null;
  email_domain?: string | null;
  supabase_url?: string;
  supabase_anon_key?: string;
}

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_LIMIT = 10;

/** Concatenates result lists, keeping the first occurrence of each slug, in order. */
export function mergeOrganizations<T extends { slug: string }>(...lists: ReadonlyArray<readonly T[]>): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const list of lists) {
    for (const org of list) {
      if (seen.has(org.slug)) continue;
      seen.add(org.slug);
      out.push(org);
    }
  }
  return out;
}

/** Case-insensitive match of a search term on company name or slug. */
export function filterOrganizations<T extends { slug: string; company_name: string }>(orgs: readonly T[], term: string): T[] {
  const q = term.trim().toLowerCase();
  if (!q) return [...orgs];
  return orgs.filter((o) => o.company_name.toLowerCase().includes(q) || o.slug.toLowerCase().includes(q));
}

/** Escapes % and _ so a search term is matched literally in an ilike pattern. */
export function ilikePattern(term: string): string {
  return `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The name shown for an organization: display name, else company name. */
export function organizationLabel(org: { company_name: string; display_name?: string | null }): string {
  return org.display_name?.trim() || org.company_name;
}
