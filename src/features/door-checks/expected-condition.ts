/**
 * What the officer's check form says about a door's expected condition:
 * the text and where it comes from, in words (never colour only).
 */
import type { ConditionSource } from '../../lib/door-condition';

const SOURCE_TEXT: Record<Exclude<ConditionSource, 'none'>, string> = {
  door: 'this door',
  campus: 'campus default',
  global: 'global default',
};

export function expectedConditionText(c: { condition: string | null; source: ConditionSource }): string {
  if (c.source === 'none' || !c.condition) return 'Expected condition: none set';
  return `Expected condition: ${c.condition} (${SOURCE_TEXT[c.source]})`;
}
