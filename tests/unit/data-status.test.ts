import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeSyncStatus, formatAge, signOutWarning, type SyncStatusInput } from '../../src/data/sync-status';

const base: SyncStatusInput = {
  pending: 0,
  oldestPendingAt: null,
  rejected: 0,
  online: true,
  paused: null,
  lastError: null,
  now: Date.parse('2026-11-22T12:00:00Z'),
};

describe('describeSyncStatus', () => {
  it('says synced only with an empty outbox and nothing rejected', () => {
    expect(describeSyncStatus(base)).toMatchObject({ kind: 'synced', label: 'Synced' });
  });

  it('shows N pending with the age of the oldest', () => {
    const v = describeSyncStatus({ ...base, pending: 3, oldestPendingAt: '2026-11-22T11:55:00Z' });
    expect(v).toMatchObject({ kind: 'pending', label: '3 pending · 5 min' });
    expect(v.detail).toContain('3 changes waiting to be sent (oldest 5 min)');
  });

  it('shows offline, sign-in and attention', () => {
    expect(describeSyncStatus({ ...base, online: false, pending: 2 }).label).toBe('Offline · 2 pending');
    expect(describeSyncStatus({ ...base, online: false }).label).toBe('Offline');
    expect(describeSyncStatus({ ...base, paused: 'sign-in', pending: 2 }).label).toBe('Sign in to sync 2');
    expect(describeSyncStatus({ ...base, paused: 'sign-in' }).label).toBe('Sign in needed');
    expect(describeSyncStatus({ ...base, rejected: 1 }).label).toBe('1 needs attention');
    expect(describeSyncStatus({ ...base, rejected: 4, pending: 2, online: false }).label).toBe('4 need attention');
  });

  it('tells a pause for sign-in even beside refused changes, in the label and the description', () => {
    const v = describeSyncStatus({ ...base, rejected: 1, paused: 'sign-in', pending: 3, online: false });
    expect(v).toMatchObject({ kind: 'sign-in', label: 'Sign in to sync 3 · 1 needs attention' });
    expect(v.detail).toContain('Sign in again');
    expect(v.detail).toContain('The server also refused 1 change');
    expect(v.detail).toContain('3 changes waiting to be sent');
    expect(v.detail).toContain('No connection');
    expect(describeSyncStatus({ ...base, rejected: 2, paused: 'sign-in' }).label).toBe('Sign in needed · 2 need attention');
  });

  it('says the last failure while retrying', () => {
    const lastError = { code: '', message: 'Service Unavailable', details: null, hint: null, status: 503 };
    const v = describeSyncStatus({ ...base, pending: 1, oldestPendingAt: '2026-11-22T11:59:30Z', lastError });
    expect(v.detail).toBe('1 change waiting to be sent (oldest under a minute). The last attempt failed (Service Unavailable); retrying.');
  });

  // Every combination of pause, refused, online, pending and a last error: what
  // blocks the queue (the pause) is always told, and so is every count.
  const combinations = [null, 'sign-in' as const].flatMap((paused) =>
    [0, 1, 3].flatMap((rejected) =>
      [true, false].flatMap((online) =>
        [0, 1, 5].flatMap((pending) =>
          [false, true].map((failed) => ({
            ...base,
            paused,
            rejected,
            online,
            pending,
            oldestPendingAt: pending > 0 ? '2026-11-22T11:00:00Z' : null,
            lastError: failed ? { code: '', message: 'Failed to fetch', details: null, hint: null, status: 0 } : null,
          })),
        ),
      ),
    ),
  );

  it.each(combinations)('paused $paused, rejected $rejected, online $online, pending $pending', (input) => {
    const v = describeSyncStatus(input);
    const text = `${v.label} ${v.detail}`;
    const expected =
      input.paused === 'sign-in'
        ? 'sign-in'
        : input.rejected > 0
          ? 'attention'
          : !input.online
            ? 'offline'
            : input.pending > 0
              ? 'pending'
              : 'synced';
    expect(v.kind).toBe(expected);
    if (input.paused) {
      expect(v.label).toMatch(/^Sign in (needed|to sync \d+)/);
      expect(v.detail).toContain('Sign in again');
    } else {
      expect(text).not.toMatch(/sign in/i);
    }
    if (input.rejected > 0) {
      expect(v.label).toContain(`${input.rejected} need${input.rejected === 1 ? 's' : ''} attention`);
      expect(v.detail).toMatch(new RegExp(`refused ${input.rejected} change`));
    } else {
      expect(text).not.toMatch(/attention|refused/);
    }
    if (input.pending > 0) {
      expect(text).toContain(String(input.pending));
      expect(v.detail).toContain(`${input.pending} change${input.pending === 1 ? '' : 's'} waiting to be sent (oldest 1 h)`);
    }
    if (!input.online && v.kind !== 'offline') expect(v.detail).toContain('No connection');
    expect(v.kind === 'synced').toBe(!input.paused && input.rejected === 0 && input.online && input.pending === 0);
  });

  it('never says synced while the outbox holds anything (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 0, max: 5 }),
        fc.boolean(),
        fc.constantFrom<'sign-in' | null>('sign-in', null),
        (pending, rejected, online, paused) => {
          const v = describeSyncStatus({ ...base, pending, rejected, online, paused, oldestPendingAt: '2026-11-22T10:00:00Z' });
          expect(v.kind).not.toBe('synced');
          expect(v.label.toLowerCase()).not.toContain('synced');
        },
      ),
    );
  });
});

describe('formatAge and signOutWarning', () => {
  it('formats ages', () => {
    expect(formatAge(10_000)).toBe('under a minute');
    expect(formatAge(5 * 60_000)).toBe('5 min');
    expect(formatAge(3 * 3600_000)).toBe('3 h');
    expect(formatAge(72 * 3600_000)).toBe('3 days');
  });

  it('warns before signing out with unsent changes, and only then', () => {
    expect(signOutWarning(0, 0)).toBeNull();
    expect(signOutWarning(2, 0)).toContain('2 changes not yet sent');
    expect(signOutWarning(0, 1)).toContain('1 change the server refused');
  });
});

describe('describeSyncStatus with photos', () => {
  it('tells photos pending apart from records, and never says only "Synced" while photos wait', () => {
    const v = describeSyncStatus({ ...base, photosPending: 2 });
    expect(v).toMatchObject({ kind: 'pending', label: 'Synced · 2 photos pending' });
    expect(v.detail).toContain('2 photos are waiting to upload; each is sent after its record.');
    expect(describeSyncStatus({ ...base, pending: 1, oldestPendingAt: '2026-11-22T11:59:30Z', photosPending: 1 }).label).toBe(
      '1 pending · under a minute · 1 photo pending',
    );
    expect(describeSyncStatus({ ...base, online: false, pending: 1, photosPending: 3 })).toMatchObject({
      kind: 'offline',
      label: 'Offline · 1 pending · 3 photos pending',
    });
  });

  it('a refused photo needs attention, but a sign-in pause is still told first', () => {
    expect(describeSyncStatus({ ...base, photosAttention: 1 })).toMatchObject({
      kind: 'attention',
      label: 'Synced · 1 photo needs attention',
    });
    const paused = describeSyncStatus({ ...base, paused: 'sign-in', photosPending: 1, photosAttention: 2 });
    expect(paused.kind).toBe('sign-in');
    expect(paused.label).toBe('Sign in needed · 1 photo pending · 2 photos need attention');
    expect(describeSyncStatus({ ...base, photosPending: 0, photosAttention: 0 })).toEqual(describeSyncStatus(base));
  });
});
