/**
 * Owns the words of the sync status (pure, unit-tested): synced, N pending
 * with the age of the oldest, offline, N need attention, sign in needed. The
 * rules that matter most: it never says "synced" while the outbox holds
 * anything, and a queue paused for sign-in is always told, even beside
 * refused changes.
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
  /** Photos waiting to upload (each goes after its record), told apart from records. */
  photosPending?: number;
  /** Photos the server refused, with their reasons in the sync status list. */
  photosAttention?: number;
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

function needAttention(n: number): string {
  return `${n} need${n === 1 ? 's' : ''} attention`;
}

function photos(n: number): string {
  return n === 1 ? '1 photo' : `${n} photos`;
}

/** The records' status, with the photos' told beside it (photos never hide a record's state). */
export function describeSyncStatus(s: SyncStatusInput): SyncStatusView {
  const records = describeRecords(s);
  const waiting = s.photosPending ?? 0;
  const refused = s.photosAttention ?? 0;
  if (waiting === 0 && refused === 0) return records;
  const labels = [
    waiting ? `${photos(waiting)} pending` : '',
    refused ? `${photos(refused)} ${refused === 1 ? 'needs' : 'need'} attention` : '',
  ];
  const details = [
    waiting ? `${photos(waiting)} ${waiting === 1 ? 'is' : 'are'} waiting to upload; each is sent after its record.` : '',
    refused ? `The server refused ${photos(refused)}; open to see why, then retry or discard.` : '',
  ];
  // Refused photos need the person as refused records do; pending ones keep a synced badge from saying all is done.
  const kind = refused && records.kind !== 'sign-in' ? 'attention' : records.kind === 'synced' ? 'pending' : records.kind;
  return { kind, label: [records.label, ...labels].filter(Boolean).join(' · '), detail: join(records.detail, ...details) };
}

function describeRecords(s: SyncStatusInput): SyncStatusView {
  const age = s.oldestPendingAt ? formatAge(s.now - Date.parse(s.oldestPendingAt)) : null;
  const waiting = s.pending > 0 ? `${changes(s.pending)} waiting to be sent${age ? ` (oldest ${age})` : ''}.` : '';
  const offline = s.online ? '' : 'No connection right now.';
  // The pause blocks every change, refused ones included, and only the user
  // can lift it: it is always told first, with the refused count beside it.
  if (s.paused === 'sign-in') {
    const label = s.pending > 0 ? `Sign in to sync ${s.pending}` : 'Sign in needed';
    const refused =
      s.rejected > 0
        ? `The server also refused ${changes(s.rejected)}; after signing in, open the sync status to see why, then retry or discard.`
        : '';
    return {
      kind: 'sign-in',
      label: s.rejected > 0 ? `${label} · ${needAttention(s.rejected)}` : label,
      detail: join(`Your session ended. Sign in again to send your changes; nothing is lost.`, waiting, refused, offline),
    };
  }
  if (s.rejected > 0) {
    return {
      kind: 'attention',
      label: needAttention(s.rejected),
      detail: join(`The server refused ${changes(s.rejected)}; open to see why, then retry or discard.`, waiting, offline),
    };
  }
  if (!s.online) {
    return {
      kind: 'offline',
      label: s.pending > 0 ? `Offline · ${s.pending} pending` : 'Offline',
      detail: join('No connection. Changes are saved on this device and sent when the connection is back.', waiting),
    };
  }
  if (s.pending > 0) {
    const retrying = s.lastError ? `The last attempt failed (${s.lastError.message}); retrying.` : '';
    return { kind: 'pending', label: `${s.pending} pending${age ? ` · ${age}` : ''}`, detail: join(waiting, retrying) };
  }
  return { kind: 'synced', label: 'Synced', detail: 'Every change on this device has reached the server.' };
}

function join(...sentences: string[]): string {
  return sentences.filter(Boolean).join(' ');
}

/** The sign-out warning, or null when nothing would be left behind unsent. */
export function signOutWarning(pending: number, rejected: number): string | null {
  if (pending === 0 && rejected === 0) return null;
  const parts = [pending ? `${changes(pending)} not yet sent` : '', rejected ? `${changes(rejected)} the server refused` : ''].filter(
    Boolean,
  );
  return `This device still holds ${parts.join(' and ')}. They stay here and are sent after you sign in again as the same user; signing in elsewhere will not have them.`;
}
