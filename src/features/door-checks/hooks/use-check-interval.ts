/** The tenant's check interval (tenant_settings check_interval_hours) from the local cache, live. */
import { useRows, type CacheRow, type TenantDb } from '../../../data';
import { parseCheckInterval } from '../model';

export const CHECK_INTERVAL_KEY = 'check_interval_hours';

export function findIntervalSetting(rows: readonly CacheRow[] | undefined): CacheRow | null {
  return rows?.find((r) => r.setting_key === CHECK_INTERVAL_KEY) ?? null;
}

export function useCheckInterval(db: TenantDb | null): {
  hours: number;
  setting: CacheRow | null;
  loading: boolean;
} {
  const rows = useRows(db, 'tenant_settings');
  const setting = findIntervalSetting(rows);
  return {
    hours: parseCheckInterval(setting?.setting_value),
    setting,
    loading: rows === undefined,
  };
}
