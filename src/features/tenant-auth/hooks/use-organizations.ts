import { useEffect, useMemo, useState } from 'react';
import { listOrganizations, searchOrganizations, type Organization } from '../../../data';
import { filterOrganizations, mergeOrganizations, SEARCH_DEBOUNCE_MS } from '../../../lib/organizations';

export interface OrganizationsState {
  /** All active organizations (null while loading). */
  all: Organization[] | null;
  loadError: string | null;
  /** The server could not be reached: the list is what this device saw before. */
  savedOnDevice: boolean;
  /** What the picker shows for the current search term. */
  visible: Organization[];
  searching: boolean;
  searchError: string | null;
}

type Remote = { term: string; results: Organization[]; error: null } | { term: string; results: null; error: string };

/**
 * The organization picker's data: the active list (filtered locally on
 * company name or slug) merged with the server search on company and display
 * name, debounced 300 ms (DESIGN §10).
 */
export function useOrganizations(term: string): OrganizationsState {
  const [list, setList] = useState<{ all: Organization[]; error: string | null; savedOnDevice: boolean } | null>(null);
  const [remote, setRemote] = useState<Remote | null>(null);
  const q = term.trim();

  useEffect(() => {
    let live = true;
    listOrganizations()
      .then((found) => live && setList({ all: found.organizations, error: null, savedOnDevice: found.savedOnDevice }))
      .catch(
        (error: unknown) =>
          live &&
          setList({ all: [], error: error instanceof Error ? error.message : 'Failed to load organizations.', savedOnDevice: false }),
      );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!q) return;
    let live = true;
    const timer = setTimeout(() => {
      searchOrganizations(q)
        .then((results) => live && setRemote({ term: q, results, error: null }))
        .catch(
          (error: unknown) =>
            live &&
            setRemote({
              term: q,
              results: null,
              error: error instanceof Error ? error.message : 'Failed to search organizations. Please try again.',
            }),
        );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [q]);

  const current = remote && remote.term === q ? remote : null;
  const visible = useMemo(() => {
    const local = filterOrganizations(list?.all ?? [], q);
    return q && current?.results ? mergeOrganizations(local, current.results) : local;
  }, [list, current, q]);

  return {
    all: list?.all ?? null,
    loadError: list?.error ?? null,
    savedOnDevice: list?.savedOnDevice ?? false,
    visible,
    searching: q.length > 0 && current === null,
    searchError: current?.error ?? null,
  };
}
