/**
 * The board's view of the doors (the few fields its tiles and the
 * missed-check alerts read), kept in the device's store between visits.
 * Reading a district's 5,000 whole door rows was the largest read before a
 * phone painted the tiles (190-380 ms at 4x, decision 031); the kept view is
 * one record of columns.
 *
 * It is used only while the doors stand where they did when it was kept:
 * the same count and the same count of writes to the doors table, which
 * every local write, pull and refetch bumps in its own transaction
 * (src/data/table-writes.ts). So a returning board reads no door row until
 * one is written (use-board-doors.ts).
 */
import { countRows, readRemembered, remember, tableWrites, type CacheRow, type TenantDb } from '../../data';

const KEY = 'security-board-doors';
/** A change to the fields kept, or to their meaning, is a new version: older views are not used. */
const VERSION = 1;
/** What the board and its alerts read of a door; the images are read when a download asks for them. */
export const BOARD_DOOR_FIELDS = ['id', 'door_number', 'campus_id', 'location', 'deleted_at'] as const;

type Field = (typeof BOARD_DOOR_FIELDS)[number];
type Kept = string | number | boolean | null | undefined;

/** Where the doors stood when a view was read. */
export interface DoorsMark {
  count: number;
  /** Writes counted to the doors table on this device. */
  writes: number;
}

interface KeptDoors {
  version: number;
  mark: DoorsMark;
  columns: Record<Field, Kept[]>;
}

export async function doorsMark(db: TenantDb): Promise<DoorsMark> {
  // One read transaction: the count and the writes counted stand for the same moment.
  return db.transaction('r', [db.cache('doors'), db.meta], async () => {
    const [count, writes] = await Promise.all([countRows(db, 'doors'), tableWrites(db, 'doors')]);
    return { count, writes };
  });
}

export function sameDoorsMark(a: DoorsMark, b: DoorsMark): boolean {
  return a.count === b.count && a.writes === b.writes;
}

function isKept(v: unknown): v is Kept {
  return v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** The rows as columns, or null when a field holds something other than a plain value (then nothing is kept). */
export function encodeDoors(rows: readonly CacheRow[]): Record<Field, Kept[]> | null {
  const columns = {} as Record<Field, Kept[]>;
  for (const f of BOARD_DOOR_FIELDS) {
    const column: Kept[] = new Array<Kept>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const v = rows[i]?.[f];
      if (!isKept(v)) return null;
      column[i] = v;
    }
    columns[f] = column;
  }
  return columns;
}

/** Rows again, each with the kept fields only (a field absent from the row stays absent). */
export function decodeDoors(columns: Partial<Record<Field, unknown>>): CacheRow[] | null {
  const cols = BOARD_DOOR_FIELDS.map((f) => columns[f]);
  const ids = cols[0];
  if (!Array.isArray(ids) || !cols.every((c) => Array.isArray(c) && c.length === ids.length)) return null;
  const rows: CacheRow[] = new Array<CacheRow>(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const id: unknown = ids[i];
    if (typeof id !== 'string') return null;
    const row: CacheRow = { id };
    for (let f = 1; f < BOARD_DOOR_FIELDS.length; f++) {
      const v = (cols[f] as unknown[])[i];
      if (v !== undefined) (row as Record<string, unknown>)[BOARD_DOOR_FIELDS[f] ?? ''] = v;
    }
    rows[i] = row;
  }
  return rows;
}

/** The kept view, when the doors still stand where they did; null otherwise, or when none is kept or it is unreadable. */
export async function readKeptDoors(db: TenantDb): Promise<{ rows: CacheRow[]; mark: DoorsMark } | null> {
  const [kept, mark] = await Promise.all([readRemembered<Partial<KeptDoors>>(db, KEY), doorsMark(db)]);
  const v = kept?.value;
  if (!v || v.version !== VERSION || !v.mark || !v.columns || !sameDoorsMark(v.mark, mark)) return null;
  const rows = decodeDoors(v.columns);
  return rows && { rows, mark };
}

/** Keeps the view of `rows`, read when the doors stood at `mark` (not kept when it cannot be). */
export async function keepDoors(db: TenantDb, mark: DoorsMark, rows: readonly CacheRow[]): Promise<void> {
  const columns = encodeDoors(rows);
  if (columns) await remember<KeptDoors>(db, KEY, { version: VERSION, mark, columns });
}
