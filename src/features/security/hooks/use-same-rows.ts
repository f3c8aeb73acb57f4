/**
 * The rows as last returned while the fields a screen uses are unchanged:
 * a live query hands over a new array whenever its table is written, and a
 * pull re-sends the rows of its overlap window every few seconds, which
 * would otherwise rebuild 5,000 door tiles each time.
 */
import { useState } from 'react';
import type { CacheRow } from '../../../data';

export function sameRows(a: readonly CacheRow[], b: readonly CacheRow[], fields: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (!x || !y) return false;
    for (const f of fields) if (x[f] !== y[f]) return false;
  }
  return true;
}

export function useSameRows(rows: readonly CacheRow[] | undefined, fields: readonly string[]): readonly CacheRow[] | undefined {
  const [kept, setKept] = useState(rows);
  if (rows === undefined || rows === kept) return rows;
  if (kept !== undefined && sameRows(kept, rows, fields)) return kept;
  setKept(rows);
  return rows;
}
