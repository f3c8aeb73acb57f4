/**
 * Whether a row the server sent is already in the cache exactly as stored:
 * a pull's overlap window sends rows again, and writing them again would
 * wake every live query on their table (5,000 doors read again on a
 * dashboard) for nothing.
 */
import type { CacheRow } from './outbox-types';

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(rb, k) && sameValue(ra[k], rb[k]));
}

export function sameRow(stored: CacheRow | undefined, incoming: CacheRow): boolean {
  return stored !== undefined && sameValue(stored, incoming);
}
