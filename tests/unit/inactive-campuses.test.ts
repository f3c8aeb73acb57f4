/**
 * The inactive-campus rule (src/lib/inactive-campuses.ts) every door list
 * and count applies: only a campus known to be switched off takes its doors out.
 */
import { describe, expect, it } from 'vitest';
import { activeCampusesByName, inactiveCampusIds, onInactiveCampus } from '../../src/lib/inactive-campuses';

describe('inactive campuses', () => {
  const campuses = [
    { id: 'on', active: true },
    { id: 'off', active: false },
    // Written on this device before the server filled the column's default (true).
    { id: 'new' },
    { id: 'odd', active: null },
  ];

  it('are the campuses whose active flag is false, and only those', () => {
    expect([...inactiveCampusIds(campuses)]).toEqual(['off']);
    expect(inactiveCampusIds([]).size).toBe(0);
  });

  it('take out the doors on them; a door of a campus not on this device or with no campus stays', () => {
    const inactive = inactiveCampusIds(campuses);
    expect(onInactiveCampus({ campus_id: 'off' }, inactive)).toBe(true);
    expect(onInactiveCampus({ campus_id: 'on' }, inactive)).toBe(false);
    expect(onInactiveCampus({ campus_id: 'elsewhere' }, inactive)).toBe(false);
    expect(onInactiveCampus({ campus_id: null }, inactive)).toBe(false);
    expect(onInactiveCampus({}, inactive)).toBe(false);
  });

  it('offers the active, not removed campuses by name', () => {
    const campuses = [
      { id: 'n', campus_name: 'North' },
      { id: 'a', campus_name: 'Annex', active: true },
      { id: 'o', campus_name: 'Old', active: false },
      { id: 'g', campus_name: 'Gone', deleted_at: '2026-01-01T00:00:00Z' },
    ];
    expect(activeCampusesByName(campuses).map((c) => c.id)).toEqual(['a', 'n']);
  });
});
