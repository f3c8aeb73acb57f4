/**
 * What a maintenance record or a fill-up tells about its vehicle: a reading
 * higher than the vehicle's mileage moves its mileage on, and a Done oil
 * change no older than the vehicle's last one becomes its last oil change
 * (the service-due rule reads both from the vehicle row).
 */
import { updateRow, type CacheRow, type TenantSync } from '../../../data';
import { formatDay, formatMiles } from './fleet-model';

/** The vehicle's columns a reading changes; empty when it changes none. */
export function vehiclePatchFrom(
  vehicle: Readonly<Record<string, unknown>>,
  reading: { odometer: number | null; oilChangeOn?: string | null },
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const mileage = typeof vehicle.mileage === 'number' ? vehicle.mileage : null;
  if (reading.odometer !== null && (mileage === null || reading.odometer > mileage)) patch.mileage = reading.odometer;
  const lastOil = typeof vehicle.oil_change_date === 'string' ? vehicle.oil_change_date.slice(0, 10) : null;
  if (reading.oilChangeOn && (lastOil === null || reading.oilChangeOn >= lastOil)) {
    patch.oil_change_date = reading.oilChangeOn;
    if (reading.odometer !== null) patch.oil_change_mileage = reading.odometer;
  }
  return patch;
}

/** Writes the follow-on change through the offline core and says it in words (null when none). */
export async function followOnVehicle(
  sync: TenantSync,
  vehicle: CacheRow,
  reading: { odometer: number | null; oilChangeOn?: string | null },
): Promise<string | null> {
  const patch = vehiclePatchFrom(vehicle, reading);
  if (Object.keys(patch).length === 0) return null;
  await updateRow(sync.db, 'vehicles', vehicle.id, patch);
  const said: string[] = [];
  if ('mileage' in patch) said.push(`mileage is now ${formatMiles(patch.mileage)}`);
  if ('oil_change_date' in patch) said.push(`last oil change is now ${formatDay(patch.oil_change_date)}`);
  return `The vehicle's ${said.join(' and its ')}.`;
}
