/**
 * The door's expected condition on the check form (door override, then
 * campus default, then global default), from this device's copy of the
 * conditions, so it shows offline. Loaded lazily: the scan path's budget
 * has no room for the rules.
 */
import { doorCondition, expectedConditionText, indexConditions } from '../../../lib/door-condition';
import { useRows, type CacheRow, type TenantDb } from '../../../data';

export default function ExpectedCondition({ db, door }: { db: TenantDb; door: CacheRow }) {
  const conditions = useRows(db, 'conditions');
  if (!conditions) return null;
  return (
    <p data-testid="expected-condition" className="text-sm font-medium text-slate-800">
      {expectedConditionText(doorCondition(indexConditions(conditions), door))}
    </p>
  );
}
