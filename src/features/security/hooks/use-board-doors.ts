/**
 * The doors the board is built from. A returning device paints from the
 * view of them it kept (kept-doors.ts), which stands while no door was
 * written since, and reads no door row until one is; from then on the
 * table's live rows are the answer, and the view is kept again whenever a
 * door was written (its mark moved) or what the board reads of them
 * changed. A device with no view that stands reads the table before the
 * paint. `undefined` means still loading.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { listRows, watchCacheWrites, type CacheRow, type TenantDb } from '../../../data';
import { BOARD_DOOR_FIELDS, doorsMark, keepDoors, readKeptDoors, sameDoorsMark, type DoorsMark } from '../kept-doors';
import { sameRows } from './use-same-rows';

interface MarkedRows {
  db: TenantDb;
  rows: CacheRow[];
  mark: DoorsMark;
}

/** The rows and where the doors stood for them, in one read transaction, so a view kept from them is exact. */
function readDoors(db: TenantDb): Promise<MarkedRows> {
  return db.transaction('r', [db.cache('doors'), db.meta, db.sync_state], async () => {
    const [rows, mark] = await Promise.all([listRows(db, 'doors'), doorsMark(db)]);
    return { db, rows, mark };
  });
}

export function useBoardDoors(db: TenantDb): readonly CacheRow[] | undefined {
  // For this db: the kept view (null when none stands), and whether the table itself is read.
  const [start, setStart] = useState<{ db: TenantDb; kept: CacheRow[] | null; readTable: boolean } | null>(null);
  // What the store holds now: the view painted from, or the rows last kept.
  const stored = useRef<MarkedRows | null>(null);
  useEffect(() => {
    let stopped = false;
    let written = false;
    // Watched before the view is read: a door written meanwhile is never missed.
    const stop = watchCacheWrites(db, ['doors'], () => {
      written = true;
      if (!stopped) setStart((s) => (s?.db === db && !s.readTable ? { ...s, readTable: true } : s));
    });
    readKeptDoors(db)
      .catch(() => null)
      .then((view) => {
        if (stopped) return;
        stored.current = view ? { db, ...view } : null;
        setStart({ db, kept: view?.rows ?? null, readTable: !view || written });
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      stop();
    };
  }, [db]);
  const mine = start?.db === db ? start : null;
  const readTable = mine?.readTable ?? false;
  const answer = useLiveQuery(() => (readTable ? readDoors(db) : undefined), [db, readTable]);
  // A live query hands over its last answer until the new one comes: another store's rows are not this one's.
  const read = answer?.db === db ? answer : undefined;

  useEffect(() => {
    if (!read) return;
    const last = stored.current;
    if (last?.db === db && sameDoorsMark(last.mark, read.mark) && sameRows(last.rows, read.rows, BOARD_DOOR_FIELDS)) return;
    stored.current = read;
    // Best effort: a view not kept only means the next visit reads the table before its paint.
    void keepDoors(db, read.mark, read.rows).catch(() => undefined);
  }, [db, read]);

  return read?.rows ?? mine?.kept ?? undefined;
}
