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

  it('shows offline, sign-in and attention, attention first', () => {
    expect(describeSyncStatus({ ...base, online: false, pending: 2 }).label).toBe('Offline · 2 pending');
    expect(describeSyncStatus({ ...base, paused: 'sign-in', pending: 2 }).label).toBe('Sign in to sync 2');
    expect(describeSyncStatus({ ...base, rejected: 1, paused: 'sign-in', online: false }).label).toBe('1 needs attention');
    expect(describeSyncStatus({ ...base, rejected: 4 }).label).toBe('4 need attention');
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
