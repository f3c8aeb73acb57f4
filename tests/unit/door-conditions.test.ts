/**
 * Issue 13 §3: the officer's check form says the door's expected condition
 * and where it comes from, and a condition override for a door number that
 * repeats across campuses asks which campus instead of taking the first.
 */
import { describe, expect, it } from 'vitest';
import { resolveOverrideDoor } from '../../src/features/security/admin/conditions';
import { MSG } from '../../src/features/security/admin/messages';
import { conditionOverrideSchema } from '../../src/features/security/admin/schemas';
import { doorCondition, expectedConditionText, indexConditions } from '../../src/lib/door-condition';

describe('the expected condition on the check form', () => {
  const rows: ReadonlyArray<Readonly<Record<string, unknown>>> = [
    { id: '0', kind: 'global', condition: 'Closed and locked' },
    { id: 'c', kind: 'campus', campus_id: 'c1', condition: 'Good' },
    { id: 'd', kind: 'door', door_id: 'd1', condition: 'Propped for deliveries' },
  ];
  const text = (conditions: typeof rows, door: { id: string; campus_id: string }) =>
    expectedConditionText(doorCondition(indexConditions(conditions), door));

  it('names the source in words: this door, the campus default, the global default', () => {
    expect(text(rows, { id: 'd1', campus_id: 'c1' })).toBe('Expected condition: Propped for deliveries (this door)');
    expect(text(rows, { id: 'd2', campus_id: 'c1' })).toBe('Expected condition: Good (campus default)');
    expect(text(rows, { id: 'd3', campus_id: 'c2' })).toBe('Expected condition: Closed and locked (global default)');
  });
  it('says none is set when no override or default applies', () => {
    expect(text([], { id: 'd1', campus_id: 'c1' })).toBe('Expected condition: none set');
    expect(text([{ ...rows[0]!, deleted_at: '2026-01-01T00:00:00Z' }], { id: 'd1', campus_id: 'c1' })).toBe('Expected condition: none set');
  });
});

describe('which door a condition override is for', () => {
  const doors = [
    { id: 'high-ea2', door_number: 'EA2', campus_id: 'high' },
    { id: 'middle-ea2', door_number: 'EA2', campus_id: 'middle' },
    { id: 'high-g1', door_number: 'G1', campus_id: 'high' },
    { id: 'gone', door_number: 'G1', campus_id: 'middle', deleted_at: '2026-01-01T00:00:00Z' },
  ];
  it('asks for the campus when the number is on several campuses', () => {
    expect(resolveOverrideDoor(doors, 'ea2')).toEqual({ kind: 'choose-campus', campusIds: ['high', 'middle'] });
  });
  it('takes the door on the chosen campus', () => {
    expect(resolveOverrideDoor(doors, 'EA2', 'middle')).toEqual({ kind: 'found', door: doors[1] });
  });
  it('keeps a number on one campus working without a campus (a deleted door does not count)', () => {
    expect(resolveOverrideDoor(doors, ' g1 ')).toEqual({ kind: 'found', door: doors[2] });
  });
  it('finds nothing for a number on no campus, or not on the chosen one', () => {
    expect(resolveOverrideDoor(doors, 'Z999')).toEqual({ kind: 'not-found' });
    expect(resolveOverrideDoor(doors, 'G1', 'middle')).toEqual({ kind: 'not-found' });
  });
  it('reads the campus through the form schema and words the question plainly', () => {
    expect(conditionOverrideSchema.parse({ door_number: ' EA2 ', campus_id: ' middle ', condition: 'x' })).toMatchObject({
      door_number: 'EA2',
      campus_id: 'middle',
    });
    expect(conditionOverrideSchema.parse({ door_number: 'EA2', condition: 'x' }).campus_id).toBe('');
    expect(MSG.doorOnSeveralCampuses('EA2', ['Lincoln High School', 'Lincoln Middle School'])).toBe(
      'Door EA2 is on more than one campus (Lincoln High School, Lincoln Middle School). Please select its campus.',
    );
  });
});
