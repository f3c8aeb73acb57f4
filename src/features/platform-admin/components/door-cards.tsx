/** A tenant's doors as cards; each opens its Door Details (spec §2 /door-management). */
import type { StaffDoor } from '../../../data';
import { doorStatusLabel, doorStatusTone, doorTitle } from '../door-troubleshooting';
import { formatDateTime, humanize } from '../model';

export function DoorStatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${doorStatusTone(status)}`}>
      {doorStatusLabel(status)}
    </span>
  );
}

/** What a card's button says: names repeat across campuses, so the door number and campus are part of it. */
function doorCardLabel(d: StaffDoor): string {
  const number = d.name?.trim() ? ` (door ${d.door_number})` : '';
  const campus = d.campus_name ? `, ${d.campus_name}` : '';
  return `${doorTitle(d)}${number}${campus}: ${doorStatusLabel(d.status)}. Show details`;
}

export function DoorCards({ doors, onOpen }: { doors: readonly StaffDoor[]; onOpen: (door: StaffDoor) => void }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Doors">
      {doors.map((d) => (
        <li key={d.id}>
          <button
            type="button"
            onClick={() => onOpen(d)}
            aria-label={doorCardLabel(d)}
            className="block h-full w-full rounded-2xl border border-slate-200 bg-white p-4 text-left hover:border-blue-400 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            <span className="flex items-start justify-between gap-2">
              <span className="font-semibold text-slate-900">
                {doorTitle(d)}
                {d.name?.trim() && <span className="ml-1 text-sm font-normal text-slate-600">#{d.door_number}</span>}
              </span>
              <DoorStatusBadge status={d.status} />
            </span>
            <span className="mt-1 block text-sm text-slate-700">
              {[d.location, d.campus_name].filter(Boolean).join(' · ') || 'No location'}
            </span>
            <span className="mt-2 block text-xs text-slate-600">
              Condition: {humanize(d.condition)} · Last check: {d.last_check_at ? formatDateTime(d.last_check_at) : 'Never'}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
