/**
 * An uploaded QR image encodes exactly one door (its number and campus name),
 * so it must never be copied onto other doors or outlive a rename unnoticed:
 * scanning it would record the door it was made for.
 */
import { text } from './row';

/** A range creates several doors; one uploaded image cannot be all of them. */
export function qrImageRefusedOnRange(doorCount: number, qrImage: string | null): boolean {
  return doorCount > 1 && !!qrImage;
}

export interface DoorIdentity {
  qr_image: string | null;
  door_number: string;
  campus_id: string;
}

/**
 * True while the door's stored uploaded image is still attached but the door
 * number or campus changed. A newly uploaded image is taken to be the new
 * door's. Numbers compare case-insensitively, as a scan finds its door.
 */
export function uploadedQrStale(stored: Readonly<Record<string, unknown>> | null, current: DoorIdentity): boolean {
  if (!stored) return false;
  const image = text(stored, 'qr_image');
  if (!image || current.qr_image !== image) return false;
  return (
    current.door_number.trim().toLowerCase() !== text(stored, 'door_number').trim().toLowerCase() ||
    current.campus_id !== text(stored, 'campus_id')
  );
}

/**
 * After a campus rename: the campus's doors whose uploaded QR image still
 * encodes the old name, as a message for the admin, or null when none.
 */
export function campusRenameQrWarning(oldName: string, newName: string, uploadedDoorNumbers: readonly string[]): string | null {
  if (!uploadedDoorNumbers.length || oldName.trim().toLowerCase() === newName.trim().toLowerCase()) return null;
  const shown = uploadedDoorNumbers.slice(0, 5).join(', ');
  const more = uploadedDoorNumbers.length > 5 ? ` and ${uploadedDoorNumbers.length - 5} more` : '';
  const n = uploadedDoorNumbers.length;
  return `${n} door${n === 1 ? '' : 's'} (${shown}${more}) of this campus ${n === 1 ? 'has an uploaded QR image' : 'have uploaded QR images'} made for "${oldName.trim()}": replace ${n === 1 ? 'it' : 'them'} under Doors so scans find the renamed campus.`;
}
