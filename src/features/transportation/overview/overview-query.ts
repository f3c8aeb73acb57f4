/**
 * What the Transportation dashboard reads from the local cache. The big
 * tables (fuel_log, student_ride_events, bus_pings: 100,000s of rows on a
 * district's device) are only counted, by the store itself, never read into
 * memory; the only rows read are the vehicles (the fleet table lists them
 * all anyway) and the two service-rule settings.
 */
import type { CacheRow, TenantDb } from '../../../data';
import { OIL_CHANGE_DAYS_KEY, OIL_CHANGE_MILES_KEY } from '../service-due';
import { COUNTED_TABLE_NAMES, type TableCounts } from './overview-model';

export interface OverviewData {
  counts: TableCounts;
  vehicles: CacheRow[];
  settings: CacheRow[];
}

export async function readTableCounts(db: TenantDb): Promise<TableCounts> {
  const counts = await Promise.all(COUNTED_TABLE_NAMES.map((t) => db.cache(t).count()));
  return Object.fromEntries(COUNTED_TABLE_NAMES.map((t, i) => [t, counts[i] ?? 0])) as TableCounts;
}

export async function readFleet(db: TenantDb): Promise<Pick<OverviewData, 'vehicles' | 'settings'>> {
  const [vehicles, settings] = await Promise.all([
    db.cache('vehicles').orderBy('vehicle_number').toArray(),
    db.cache('tenant_settings').where('setting_key').anyOf([OIL_CHANGE_DAYS_KEY, OIL_CHANGE_MILES_KEY]).toArray(),
  ]);
  return { vehicles, settings };
}
