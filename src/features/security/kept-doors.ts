/**
 * The board's view of the doors (the few fields its tiles and the
 * missed-check alerts read), kept in the device's store between visits.
 * Reading a district's 5,000 whole door rows was the largest read before a
 * phone painted the tiles (190-380 ms at 4x, decision 031); the kept view is
 * one record of columns.
 *
 * It is used only while the doors stand where they did when it was kept:
 * the same count, the same count of writes to the doors table (which every
 * local write, pull page and sweep bumps in its own transaction,
 * src/data/table-writes.ts), the same pull watermark and the same schema
 * version. The counter alone would do for this build; the watermark covers
 * a tab still running an earlier build, whose pulls write without counting,
 * and the version a future upgrade that rewrites rows. So a returning board
 * reads no door row until one is written (use-board-doors.ts).
 */
import { countRows, readRemembered, remember, tableWrites, watermarkText, type CacheRow, type TenantDb } from '../../data';

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
  /** The pull's watermark for doors (updated_at and id), null before the first pull. */
  pulled: string | null;
  /** The store's schema version. */
  schema: number;
}

interface KeptDoors {
  version: number;
  mark: DoorsMark;
  columns: Record<Field, Kept[]>;
}

export async function doorsMark(db: TenantDb): Promise<DoorsMark> {
  // One read transaction: the count and the writes counted stand for the same moment.
  return db.transaction('r', [db.cache('doors'), db.meta, db.sync_state], async () => {
    const [count, writes, state] = await Promise.all([countRows(db, 'doors'), tableWrites(db, 'doors'), db.sync_state.get('doors')]);
    return { count, writes, pulled: watermarkText(state), schema: db.verno };
  });
}

export function sameDoorsMark(a: DoorsMark, b: DoorsMark): boolean {
  return a.count === b.count && a.writes === b.writes && a.pulled === b.pulled && a.schema === b.schema;
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
  const ids = columns.id;
  if (!Array.isArray(ids)) return null;
  const others: Array<[Exclude<Field, 'id'>, unknown[]]> = [];
  for (const f of BOARD_DOOR_FIELDS.slice(1) as Array<Exclude<Field, 'id'>>) {
    const column = columns[f];
    if (!Array.isArray(column) || column.length !== ids.length) return null;
    others.push([f, column]);
  }
  const rows: CacheRow[] = new Array<CacheRow>(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const id: unknown = ids[i];
    if (typeof id !== 'string') return null;
    const row: CacheRow = { id };
    for (const [f, column] of others) {
      const v = column[i];
      if (v !== undefined) row[f] = v;
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
