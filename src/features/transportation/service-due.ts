/**
 * When a vehicle is due for service (issue 14): its last oil change is older
 * than the tenant's interval in days (default 90) or its odometer is the
 * interval in miles (default 3,000) past the reading at that oil change. A
 * vehicle with no oil change on record is due. Inactive vehicles are never
 * flagged: they are off the road.
 */
export const OIL_CHANGE_DAYS_KEY = 'transport_oil_change_days';
export const OIL_CHANGE_MILES_KEY = 'transport_oil_change_miles';
export const DEFAULT_OIL_CHANGE_DAYS = 90;
export const DEFAULT_OIL_CHANGE_MILES = 3000;

export interface ServiceRule {
  days: number;
  miles: number;
}

export type ServiceDueReason = 'no-record' | 'days' | 'miles';

const DAY_MS = 86_400_000;

function positiveInt(value: unknown, fallback: number, max: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n <= max ? n : fallback;
}

/** The rule from the tenant_settings rows (a missing or unreadable value keeps its default). */
export function serviceRuleFrom(settings: ReadonlyArray<Readonly<Record<string, unknown>>>): ServiceRule {
  const value = (key: string) => settings.find((s) => s.setting_key === key && !s.deleted_at)?.setting_value;
  return {
    days: positiveInt(value(OIL_CHANGE_DAYS_KEY), DEFAULT_OIL_CHANGE_DAYS, 3650),
    miles: positiveInt(value(OIL_CHANGE_MILES_KEY), DEFAULT_OIL_CHANGE_MILES, 1_000_000),
  };
}

function num(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** Why `vehicle` is due on `today` (YYYY-MM-DD, the device's day), or null when it is not. */
export function serviceDue(vehicle: Readonly<Record<string, unknown>>, rule: ServiceRule, today: string): ServiceDueReason[] | null {
  if (vehicle.active === false || vehicle.deleted_at) return null;
  const changed = typeof vehicle.oil_change_date === 'string' ? vehicle.oil_change_date.slice(0, 10) : null;
  if (!changed) return ['no-record'];
  const reasons: ServiceDueReason[] = [];
  const days = Math.floor((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${changed}T00:00:00Z`)) / DAY_MS);
  if (days > rule.days) reasons.push('days');
  const mileage = num(vehicle.mileage);
  const atChange = num(vehicle.oil_change_mileage);
  if (mileage !== null && atChange !== null && mileage - atChange >= rule.miles) reasons.push('miles');
  return reasons.length ? reasons : null;
}

export const SERVICE_DUE_LABEL: Record<ServiceDueReason, string> = {
  'no-record': 'No oil change on record',
  days: 'Oil change overdue (days)',
  miles: 'Oil change overdue (miles)',
};
