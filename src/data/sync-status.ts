/**
 * Owns the words of the sync status (pure, unit-tested): synced, N pending
 * with the age of the oldest, offline, N need attention, sign in needed. The
 * one rule that matters most: it never says "synced" while the outbox holds
 * anything.
 */
import type { SyncErrorInfo } from './sync-errors';

export interface SyncStatusInput {
  pending: number;
  /** ISO time of the oldest outbox entry, null when empty. */
  oldestPendingAt: string | null;
  rejected: number;
  online: boolean;
  paused: 'sign-in' | null;
  lastError: SyncErrorInfo | null;
  now: number;
}

export type SyncStatusKind = 'synced' | 'pending' | 'offline' | 'sign-in' | 'attention';

export interface SyncStatusView {
  kind: SyncStatusKind;
  /** Short text for the header badge. */
  label: string;
  /** A sentence for the badge's accessible description and tooltip. */
  detail: string;
}

export function formatAge(ms: number): string {
  const min = Math.floor(Math.max(0, ms) / 60_000);
  if (min < 1) return 'under a minute';
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h`;
  return `${Math.floor(h / 24)} days`;
}

function changes(n: number): string {
  return n === 1 ? '1 change' : `${n} changes`;
}

export function describeSyncStatus(s: SyncStatusInput): SyncStatusView {
  const age = s.oldestPendingAt ? formatAge(s.now - Date.parse(s.oldestPendingAt)) : null;
  const waiting = s.pending > 0 ? `${changes(s.pending)} waiting to be sent${age ? ` (oldest ${age})` : ''}.` : '';
  if (s.rejected > 0) {
    return {
      kind: 'attention',
      label: `${s.rejected} need${s.rejected === 1 ? 's' : ''} attention`,
      detail: `The server refused ${changes(s.rejected)}; open to see why, then retry or discard. ${waiting}`.trim(),
    };
  }
  if (s.paused === 'sign-in') {
    return {
      kind: 'sign-in',
      label: s.pending > 0 ? `Sign in to sync ${s.pending}` : 'Sign in needed',
      detail: `Your session ended. Sign in again to send your changes; nothing is lost. ${waiting}`.trim(),
    };
  }
  if (!s.online) {
    return {
      kind: 'offline',
      label: s.pending > 0 ? `Offline · ${s.pending} pending` : 'Offline',
      detail: `No connection. Changes are saved on this device and sent when the connection is back. ${waiting}`.trim(),
    };
  }
  if (s.pending > 0) {
    const retrying = s.lastError ? ` The last attempt failed (${s.lastError.message}); retrying.` : '';
    return { kind: 'pending', label: `${s.pending} pending${age ? ` · ${age}` : ''}`, detail: `${waiting}${retrying}` };
  }
  return { kind: 'synced', label: 'Synced', detail: 'Every change on this device has reached the server.' };
}

/** The sign-out warning, or null when nothing would be left behind unsent. */
export function signOutWarning(pending: number, rejected: number): string | null {
  if (pending === 0 && rejected === 0) return null;
  const parts = [pending ? `${changes(pending)} not yet sent` : '', rejected ? `${changes(rejected)} the server refused` : ''].filter(
    Boolean,
  );
  return `This device still holds ${parts.join(' and ')}. They stay here and are sent after you sign in again as the same user; signing in elsewhere will not have them.`;
}
