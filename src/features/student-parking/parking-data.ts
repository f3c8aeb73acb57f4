/**
 * The cached rows the parking screens read, live (a pull or another tab's
 * write shows at once): permits and violations not removed, the tenant's
 * violation types, and today's date on this device (permits past their end
 * show as expired from it).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useRows, type CacheRow, type TenantDb } from '../../data';
import { localDateIso } from '../../lib/local-date';
import { parseViolationTypes, VIOLATION_TYPES_KEY } from './parking-rules';

export interface ParkingData {
  permits: CacheRow[];
  violations: CacheRow[];
  permitsById: ReadonlyMap<string, CacheRow>;
  violationTypes: string[];
  /** The tenant_settings row holding the types, if the tenant has set them. */
  typesSetting: CacheRow | null;
  /** YYYY-MM-DD on this device. */
  today: string;
}

export function useViolationTypes(db: TenantDb): { types: string[]; setting: CacheRow | null } | undefined {
  const setting = useLiveQuery(
    async () => (await db.cache('tenant_settings').where('setting_key').equals(VIOLATION_TYPES_KEY).first()) ?? null,
    [db],
  );
  return useMemo(() => {
    if (setting === undefined) return undefined;
    const live = setting && !setting.deleted_at ? setting : null;
    return { types: parseViolationTypes(live?.setting_value), setting: live };
  }, [setting]);
}

/** Every table the staff tabs read; undefined until all have loaded (never "empty" while loading). */
export function useParkingData(db: TenantDb): ParkingData | undefined {
  const permits = useRows(db, 'parking_permits');
  const violations = useRows(db, 'parking_violations');
  const types = useViolationTypes(db);
  return useMemo(() => {
    if (!permits || !violations || !types) return undefined;
    const livePermits = permits.filter((r) => !r.deleted_at);
    return {
      permits: livePermits,
      violations: violations.filter((r) => !r.deleted_at),
      permitsById: new Map(livePermits.map((p) => [p.id, p])),
      violationTypes: types.types,
      typesSetting: types.setting,
      today: localDateIso(new Date()),
    };
  }, [permits, violations, types]);
}
