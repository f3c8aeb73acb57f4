/**
 * A table's pull watermark as one comparable text, for the marks screens keep
 * their answers with (the security board's latest checks and doors). A module
 * of its own: a screen's graph need not carry the pull to compare marks.
 */
import type { SyncState } from './outbox-types';

/** Null before the first pull. */
export function watermarkText(state: Pick<SyncState, 'updated_at' | 'id'> | undefined): string | null {
  return state?.updated_at || state?.id ? `${state.updated_at ?? ''}|${state.id ?? ''}` : null;
}
