/**
 * A work order's photos: those of the failing check that opened it, what
 * was photographed since, and adding more (a replaced closer, a repaired
 * pane) up to the limit, stored on the device and uploaded after the
 * record (issue 17).
 */
import { useId, useState } from 'react';
import { addPhotosToRow, TooManyPhotosError, type TenantSync } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { PhotoGallery, PhotoPicker, type DraftPhoto } from '../../photos/index';

export function WorkOrderPhotos({ sync, recordId, sourceCheckId }: { sync: TenantSync; recordId: string; sourceCheckId: string | null }) {
  const headingId = useId();
  const [photos, setPhotos] = useState<DraftPhoto[]>([]);
  const [busy, setBusy] = useState(false);
  const [working, setWorking] = useState(false);
  const [held, setHeld] = useState(0);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const saved = await addPhotosToRow(sync.db, 'maintenance_records', recordId, photos);
      setNotice(
        saved === 'no-room'
          ? { tone: 'error', text: 'The photos were not saved: this device is out of storage space.' }
          : { tone: 'success', text: 'Photos saved on this device; they upload after the work order.' },
      );
      if (saved !== 'no-room') setPhotos([]);
    } catch (e) {
      setNotice({ tone: 'error', text: e instanceof TooManyPhotosError ? e.message : `The photos were not saved: ${String(e)}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        Photos
      </h3>
      {/* The failing check that opened it is often the only picture of the fault; it counts toward the check's five, not these. */}
      {sourceCheckId && <PhotoGallery sync={sync} table="door_log" rowId={sourceCheckId} label="Photos from the check that opened it" />}
      <PhotoGallery sync={sync} table="maintenance_records" rowId={recordId} label="Photos of this work order" onCount={setHeld} />
      <PhotoPicker photos={photos} onChange={setPhotos} disabled={busy} onWorkingChange={setWorking} held={held} />
      {photos.length > 0 && (
        <Button onClick={() => void save()} busy={busy} disabled={working}>
          Save photos
        </Button>
      )}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
    </section>
  );
}
