/**
 * What a vehicle's fuel log and maintenance records say about running it
 * (issue 14): miles per gallon and cost per mile. Pure rules over cache rows,
 * so the details view and the tests agree.
 *
 * Odometer readings come from the fuel log only: a fill-up is the one moment
 * both the odometer and the fuel are written down together. An entry with no
 * odometer, or one lower than the reading before it (a typo, a swapped
 * odometer), is left out rather than read as negative miles.
 */

/** Litres in one US gallon (exact, by definition). */
export const LITRES_PER_GALLON = 3.785411784;

/** fuel_log.gallons is numeric(8, 3): litres as gallons, to the thousandth. */
export function litresToGallons(litres: number): number {
  return Math.round((litres / LITRES_PER_GALLON) * 1000) / 1000;
}

function num(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

export interface Reading {
  at: string;
  odometer: number;
  gallons: number;
  costCents: number;
}

/**
 * The fill-ups that carry a usable odometer, oldest first: entries without
 * one are skipped, and so is a reading below the last one kept.
 */
export function odometerReadings(fuel: ReadonlyArray<Readonly<Record<string, unknown>>>): Reading[] {
  const rows = fuel
    .filter((r) => !r.deleted_at && typeof r.fueled_at === 'string')
    .map((r) => ({
      at: String(r.fueled_at),
      odometer: num(r.odometer),
      gallons: num(r.gallons) ?? 0,
      costCents: num(r.cost_cents) ?? 0,
    }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const kept: Reading[] = [];
  for (const r of rows) {
    if (r.odometer === null) continue;
    const last = kept[kept.length - 1];
    if (last && r.odometer < last.odometer) continue;
    kept.push({ ...r, odometer: r.odometer });
  }
  return kept;
}

export interface FuelEconomy {
  milesPerGallon: number;
  miles: number;
  gallons: number;
  /** How many fill-ups the figure is measured over (readings minus the first). */
  fillUps: number;
}

/**
 * Miles per gallon, the fill-up way: the fuel of each fill-up after the first
 * is what the miles since the previous reading burned. Null with fewer than
 * two readings, or when the vehicle has not moved or burned nothing.
 */
export function fuelEconomy(fuel: ReadonlyArray<Readonly<Record<string, unknown>>>): FuelEconomy | null {
  const readings = odometerReadings(fuel);
  if (readings.length < 2) return null;
  const first = readings[0]!;
  const last = readings[readings.length - 1]!;
  const miles = last.odometer - first.odometer;
  const gallons = readings.slice(1).reduce((sum, r) => sum + r.gallons, 0);
  if (miles <= 0 || gallons <= 0) return null;
  return { milesPerGallon: miles / gallons, miles, gallons, fillUps: readings.length - 1 };
}

export interface CostPerMile {
  /** Cents per mile, unrounded. */
  centsPerMile: number;
  miles: number;
  fuelCents: number;
  maintenanceCents: number;
  /** The period the odometer readings cover (fueled_at of the first and last reading). */
  from: string;
  to: string;
}

/**
 * (fuel + maintenance cost) over the miles driven between the first and the
 * last odometer reading. Fuel counted is every fill-up after the first reading
 * up to the last (the first one's fuel was in the tank before the period's
 * miles); maintenance counted is every record dated from the first reading's
 * day to the last one's. Null when there are fewer than two readings or no
 * miles between them.
 */
export function costPerMile(
  fuel: ReadonlyArray<Readonly<Record<string, unknown>>>,
  maintenance: ReadonlyArray<Readonly<Record<string, unknown>>>,
): CostPerMile | null {
  const readings = odometerReadings(fuel);
  if (readings.length < 2) return null;
  const first = readings[0]!;
  const last = readings[readings.length - 1]!;
  const miles = last.odometer - first.odometer;
  if (miles <= 0) return null;
  const fuelCents = fuel
    .filter((r) => !r.deleted_at && typeof r.fueled_at === 'string' && r.fueled_at > first.at && r.fueled_at <= last.at)
    .reduce((sum, r) => sum + (num(r.cost_cents) ?? 0), 0);
  const fromDay = first.at.slice(0, 10);
  const toDay = last.at.slice(0, 10);
  const maintenanceCents = maintenance
    .filter((r) => {
      if (r.deleted_at || typeof r.service_date !== 'string') return false;
      const day = r.service_date.slice(0, 10);
      return day >= fromDay && day <= toDay;
    })
    .reduce((sum, r) => sum + (num(r.cost_cents) ?? 0), 0);
  return { centsPerMile: (fuelCents + maintenanceCents) / miles, miles, fuelCents, maintenanceCents, from: first.at, to: last.at };
}
