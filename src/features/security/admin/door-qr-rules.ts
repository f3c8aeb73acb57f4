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
