/**
 * The manual door picker: search the doors on this device by number, name,
 * location or campus, for a damaged code or a phone without a camera. Doors
 * of inactive campuses are not offered (src/lib/inactive-campuses.ts).
 */
import { useId, useMemo, useState } from 'react';
import type { CacheRow } from '../../../data';
import { inputClass } from '../../../ui/field';
import { onInactiveCampus } from '../../../lib/inactive-campuses';
import { compareDoorNumbers, isRealDoor, matchesDoorSearch } from '../model';

const LIMIT = 40;

export function DoorPicker({
  doors,
  inactiveCampuses,
  campusNames,
  onPick,
}: {
  doors: readonly CacheRow[];
  inactiveCampuses: ReadonlySet<string>;
  campusNames: ReadonlyMap<string, string>;
  onPick: (door: CacheRow) => void;
}) {
  const [query, setQuery] = useState('');
  const inputId = useId();
  const sorted = useMemo(
    () =>
      doors
        .filter(
          (d) =>
            isRealDoor({
              id: d.id,
              door_number: typeof d.door_number === 'string' ? d.door_number : null,
            }) && !onInactiveCampus(d, inactiveCampuses),
        )
        .map((d) => ({
          door: d,
          campus: campusNames.get(String(d.campus_id)) ?? '',
        }))
        .sort(
          (a, b) =>
            a.campus.localeCompare(b.campus) || compareDoorNumbers(String(a.door.door_number ?? ''), String(b.door.door_number ?? '')),
        ),
    [doors, inactiveCampuses, campusNames],
  );
  const matches = sorted.filter((x) => matchesDoorSearch(x.door, x.campus, query));
  return (
    <section aria-labelledby={`${inputId}-h`} className="space-y-3">
      <h2 id={`${inputId}-h`} className="text-lg font-semibold text-slate-900">
        Pick a door
      </h2>
      <div className="space-y-1">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          Search doors
        </label>
        <input
          id={inputId}
          type="search"
          className={inputClass}
          placeholder="Door number or campus"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
      </div>
      {matches.length === 0 ? (
        <p className="text-sm text-slate-700">
          {doors.length === 0 ? 'No doors on this device yet. Sync while online to load them.' : 'No doors match your search.'}
        </p>
      ) : (
        <ul className="max-h-96 divide-y divide-slate-200 overflow-y-auto rounded-xl border border-slate-200 bg-white" aria-label="Doors">
          {matches.slice(0, LIMIT).map(({ door, campus }) => (
            <li key={door.id}>
              <button
                type="button"
                className="flex min-h-12 w-full items-center justify-between gap-3 px-4 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
                onClick={() => onPick(door)}
              >
                <span className="font-semibold text-slate-900">{String(door.door_number)}</span>
                <span className="truncate text-sm text-slate-600">{campus}</span>
              </button>
            </li>
          ))}
          {matches.length > LIMIT && (
            <li className="px-4 py-2 text-sm text-slate-600">{matches.length - LIMIT} more: refine the search.</li>
          )}
        </ul>
      )}
    </section>
  );
}
