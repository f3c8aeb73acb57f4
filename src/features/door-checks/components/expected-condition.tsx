/**
 * The door's expected condition on the check form (door override, then
 * campus default, then global default), from this device's copy of the
 * conditions, so it shows offline. Loaded lazily: the scan path's budget
 * has no room for the rules.
 */
import { doorCondition, expectedConditionText, indexConditions } from '../../../lib/door-condition';
import type { CacheRow } from '../../../data';

export default function ExpectedCondition({ conditions, door }: { conditions: readonly CacheRow[]; door: CacheRow }) {
  return (
    <p data-testid="expected-condition" className="text-sm font-medium text-slate-800">
      {expectedConditionText(doorCondition(indexConditions(conditions), door))}
    </p>
  );
}
