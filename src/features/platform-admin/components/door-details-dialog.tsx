/** Door Details (spec §2 /door-management): one door's record and its open maintenance. */
import type { ReactNode } from 'react';
import type { StaffDoor, StaffMaintenance } from '../../../data';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { doorTitle, nextCheckAt } from '../door-troubleshooting';
import { formatDateTime, humanize } from '../model';
import { MaintenanceTable } from './active-maintenance';
import { DoorStatusBadge } from './door-cards';

export function DoorDetailsDialog({
  door,
  maintenance,
  intervalHours,
  onClose,
}: {
  door: StaffDoor | null;
  maintenance: readonly StaffMaintenance[];
  intervalHours: number;
  onClose: () => void;
}) {
  if (!door) return null;
  // A checked door's next check does not depend on now (only a never-checked one, shown as Now).
  const next = door.last_check_at ? new Date(nextCheckAt(door, intervalHours, 0)).toISOString() : null;
  const facts: [string, ReactNode][] = [
    ['Door Number', door.door_number],
    ['Name', door.name ?? '—'],
    ['Location', door.location ?? '—'],
    ['Campus', door.campus_name ?? '—'],
    ['Status', <DoorStatusBadge key="s" status={door.status} />],
    ['Condition', humanize(door.condition)],
    ['Camera', door.camera ?? '—'],
    ['Last Check', door.last_check_at ? formatDateTime(door.last_check_at) : 'Never'],
    ['Next Check Due', next ? formatDateTime(next) : 'Now'],
    ['Check Interval', `${intervalHours} hours`],
    ['Last Updated', formatDateTime(door.updated_at)],
  ];
  return (
    <Modal
      open
      onClose={onClose}
      title="Door Details"
      description={doorTitle(door)}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6">
        {maintenance.length === 0 ? (
          <p className="text-sm text-slate-700">No open maintenance for this door.</p>
        ) : (
          <MaintenanceTable rows={maintenance} caption="Open maintenance for this door" />
        )}
      </div>
    </Modal>
  );
}
