/**
 * The rules of student parking (issue 15, decision 025) the screens share:
 * how plates are matched, when a permit shows as expired, which permits
 * clash, and the tenant's violation types. The server holds the same rules
 * (migration 20261126000100); the app applies them to its cache so an offline
 * save is refused at once instead of on sync.
 */

/**
 * Spaces as the server's parking_plate_key() lists them, one by one (not \s
 * or [[:space:]], which differ between JavaScript and Postgres): pasted
 * plates bring no-break, thin and zero-width spaces.
 */
const SPACES = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200b\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const PLATE_SEPARATORS = new RegExp(`[${SPACES}._\\u2010-\\u2015\\u2212-]+`, 'g');
const SPOT_SPACES = new RegExp(`[${SPACES}]+`, 'g');

/** What the server's plate_key holds: capitals, no spaces, dashes, dots or underscores. */
export function plateKey(plate: unknown): string {
  return typeof plate === 'string' ? plate.replace(PLATE_SEPARATORS, '').toUpperCase() : '';
}

/** A spot as the server compares it: spaces and case ignored. */
export function spotKey(spot: unknown): string {
  return typeof spot === 'string' ? spot.replace(SPOT_SPACES, '').toUpperCase() : '';
}

export const PERMIT_STATUSES = ['active', 'suspended', 'expired'] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/**
 * The status a permit shows on `today` (YYYY-MM-DD, the device's day): an
 * active permit past its end date is expired without anyone editing it.
 */
export function permitStatus(row: Readonly<Record<string, unknown>>, today: string): PermitStatus {
  const stored = str(row.status);
  const ends = str(row.expires_on).slice(0, 10);
  if (stored === 'active' && ends && ends < today) return 'expired';
  return (PERMIT_STATUSES as readonly string[]).includes(stored) ? (stored as PermitStatus) : 'active';
}

/** A permit that counts against another: active, not removed, not past its end. */
export function permitInForce(row: Readonly<Record<string, unknown>>, today: string): boolean {
  return !row.deleted_at && permitStatus(row, today) === 'active';
}

export interface PermitCandidate {
  /** The permit being edited (it never clashes with itself); null when adding. */
  id: string | null;
  license_plate: string;
  parking_spot_number: string | null;
  status: string;
  expires_on: string | null;
}

export interface PermitClash {
  field: 'license_plate' | 'parking_spot_number';
  message: string;
  permit: Readonly<Record<string, unknown>>;
}

/** Why the server would refuse this permit (one in force per plate and per spot), or null. */
export function permitClash(
  permits: ReadonlyArray<Readonly<Record<string, unknown>>>,
  candidate: PermitCandidate,
  today: string,
): PermitClash | null {
  if (!permitInForce({ status: candidate.status, expires_on: candidate.expires_on }, today)) return null;
  const plate = plateKey(candidate.license_plate);
  const spot = spotKey(candidate.parking_spot_number);
  const others = permits.filter((p) => p.id !== candidate.id && permitInForce(p, today));
  const samePlate = plate ? others.find((p) => plateKey(p.license_plate) === plate) : undefined;
  if (samePlate) {
    return {
      field: 'license_plate',
      message: `Another active permit already has the plate ${str(samePlate.license_plate)} (${str(samePlate.student_name)})`,
      permit: samePlate,
    };
  }
  const sameSpot = spot ? others.find((p) => spotKey(p.parking_spot_number) === spot) : undefined;
  if (sameSpot) {
    return {
      field: 'parking_spot_number',
      message: `Spot ${str(sameSpot.parking_spot_number)} already has an active permit (${str(sameSpot.student_name)})`,
      permit: sameSpot,
    };
  }
  return null;
}

/** The tenant setting holding the violation types, one per line. */
export const VIOLATION_TYPES_KEY = 'parking_violation_types';

export const DEFAULT_VIOLATION_TYPES: readonly string[] = [
  'No permit',
  'Expired permit',
  'Wrong spot',
  'Fire lane',
  'Handicapped spot without placard',
  'Blocking traffic',
  'Speeding or reckless driving',
  'Other',
];

/** The tenant's list (trimmed, blank lines and repeats dropped), or the default when unset or empty. */
export function parseViolationTypes(value: unknown): string[] {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const line of str(value).split('\n')) {
    const t = line.trim();
    if (t && !seen.has(t.toLowerCase())) {
      seen.add(t.toLowerCase());
      list.push(t);
    }
  }
  return list.length ? list : [...DEFAULT_VIOLATION_TYPES];
}

/** Legacy rows stored codes ("fire_lane"): shown as words. */
export function violationTypeLabel(type: unknown): string {
  const t = str(type);
  if (!/^[a-z]+(_[a-z]+)*$/.test(t)) return t;
  const words = t.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
