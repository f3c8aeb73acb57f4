import { describe, expect, it } from 'vitest';
import {
  doorGroupLabel,
  doorGroupsOf,
  knownDoorGroups,
  normalizeDoorGroup,
  parseDoorGroupList,
  withDoorGroup,
  withoutDoorGroup,
} from '../../src/lib/door-groups';

describe('door groups', () => {
  it('stores a label trimmed, lower case, inner spaces collapsed; refuses what the database refuses', () => {
    expect(normalizeDoorGroup('  Exterior ')).toBe('exterior');
    expect(normalizeDoorGroup('Main   Gym')).toBe('main gym');
    expect(normalizeDoorGroup('wing_b-2')).toBe('wing_b-2');
    expect(normalizeDoorGroup('')).toBeNull();
    expect(normalizeDoorGroup('   ')).toBeNull();
    expect(normalizeDoorGroup('a'.repeat(40))).toBe('a'.repeat(40));
    expect(normalizeDoorGroup('a'.repeat(41))).toBeNull();
    expect(normalizeDoorGroup('exterior!')).toBeNull();
    expect(normalizeDoorGroup('-exterior')).toBeNull();
    expect(normalizeDoorGroup('éxterior')).toBeNull();
  });

  it('reads a typed list: blanks skipped, repeats dropped, the first bad label named', () => {
    expect(parseDoorGroupList('exterior, Gym,, exterior ,')).toEqual({ ok: true, groups: ['exterior', 'gym'] });
    expect(parseDoorGroupList('')).toEqual({ ok: true, groups: [] });
    const bad = parseDoorGroupList('exterior, gym!');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toContain('"gym!"');
  });

  it('adds and removes one label, keeps a row without groups readable', () => {
    expect(withDoorGroup(['gym'], 'exterior')).toEqual(['exterior', 'gym']);
    expect(withDoorGroup(['exterior'], 'exterior')).toEqual(['exterior']);
    expect(withoutDoorGroup(['exterior', 'gym'], 'exterior')).toEqual(['gym']);
    expect(doorGroupsOf({})).toEqual([]);
    expect(doorGroupsOf({ door_groups: ['exterior', 3] })).toEqual(['exterior']);
    expect(knownDoorGroups([{ door_groups: ['gym'] }, { door_groups: ['exterior', 'gym'] }, {}])).toEqual(['exterior', 'gym']);
    expect(doorGroupLabel('exterior')).toBe('Exterior');
  });
});
