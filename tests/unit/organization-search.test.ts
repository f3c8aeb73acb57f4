import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterOrganizations, ilikePattern, mergeOrganizations, organizationLabel } from '../../src/lib/organizations';

const org = (slug: string, company_name = slug.toUpperCase(), display_name: string | null = null) => ({ slug, company_name, display_name });

describe('organization search merge (spec §7)', () => {
  it('merges company-name and display-name results, de-duplicated by slug, first occurrence wins', () => {
    const byCompany = [org('lincoln-isd', 'Lincoln Independent School District'), org('riverside-college', 'Riverside Community College')];
    const byDisplay = [org('lincoln-isd', 'changed'), org('oak-academy')];
    const merged = mergeOrganizations(byCompany, byDisplay);
    expect(merged.map((o) => o.slug)).toEqual(['lincoln-isd', 'riverside-college', 'oak-academy']);
    expect(merged[0]?.company_name).toBe('Lincoln Independent School District');
  });
  it('never returns a slug twice and never loses one (property)', () => {
    const lists = fc.array(
      fc.array(
        fc.constantFrom('a', 'b', 'c', 'd', 'e').map((s) => org(s)),
        { maxLength: 10 },
      ),
      { maxLength: 3 },
    );
    fc.assert(
      fc.property(lists, (ls) => {
        const merged = mergeOrganizations(...ls);
        const slugs = merged.map((o) => o.slug);
        expect(new Set(slugs).size).toBe(slugs.length);
        expect(new Set(slugs)).toEqual(new Set(ls.flat().map((o) => o.slug)));
      }),
    );
  });
  it('filters locally, case-insensitively, on company name or slug', () => {
    const orgs = [org('lincoln-isd', 'Lincoln Independent School District'), org('riverside-college', 'Riverside Community College')];
    expect(filterOrganizations(orgs, 'LINCOLN').map((o) => o.slug)).toEqual(['lincoln-isd']);
    expect(filterOrganizations(orgs, 'college').map((o) => o.slug)).toEqual(['riverside-college']);
    expect(filterOrganizations(orgs, 'river').map((o) => o.slug)).toEqual(['riverside-college']);
    expect(filterOrganizations(orgs, '  ')).toHaveLength(2);
    expect(filterOrganizations(orgs, 'nothing')).toEqual([]);
  });
  it('escapes LIKE wildcards in a search term', () => {
    expect(ilikePattern(' lincoln ')).toBe('%lincoln%');
    expect(ilikePattern('50%_off')).toBe('%50\\%\\_off%');
  });
  it('labels an organization by display name, else company name', () => {
    expect(organizationLabel({ company_name: 'Lincoln Independent School District', display_name: 'Lincoln ISD' })).toBe('Lincoln ISD');
    expect(organizationLabel({ company_name: 'Lincoln Independent School District', display_name: null })).toBe(
      'Lincoln Independent School District',
    );
  });
});
