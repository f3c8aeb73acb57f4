/**
 * Adding photos to a record being written: take one with the camera or pick
 * from the device, up to MAX_PHOTOS_PER_ROW. Each is compressed here at once
 * (the compression code loads on the first photo, so a form without photos
 * never fetches it) and shown as a thumbnail that can be removed. Nothing is
 * stored until the record is saved, with its photos, in one transaction.
 */
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { MAX_PHOTOS_PER_ROW, type NewPhoto } from '../../data';
import { useObjectUrls } from './object-urls';

export interface DraftPhoto extends NewPhoto {
  key: string;
}

const pickerButton =
  'inline-flex min-h-12 cursor-pointer items-center justify-center rounded-xl border-2 border-slate-300 bg-white px-4 font-semibold text-slate-800 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-700';

export function PhotoPicker({
  photos,
  onChange,
  disabled,
  onWorkingChange,
  held = 0,
}: {
  photos: DraftPhoto[];
  onChange: (p: DraftPhoto[]) => void;
  disabled?: boolean;
  /** Photos the record already has (editing): they count toward its limit. */
  held?: number;
  /** True while picked photos are still being prepared: the form must not save until they are in. */
  onWorkingChange?: (working: boolean) => void;
}) {
  const [working, setWorking] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The list as the compressing loop last left it: each photo joins the newest list, not the one the pick began with.
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  }, [photos]);
  const labelId = useId();
  const limit = Math.max(0, MAX_PHOTOS_PER_ROW - held);
  const room = limit - photos.length;
  const thumbs = useMemo(() => photos.map((p) => ({ key: p.key, bytes: p.thumb })), [photos]);
  const urls = useObjectUrls(thumbs);

  const add = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length === 0) return;
    setProblem(null);
    const taken = files.slice(0, Math.max(0, limit - latest.current.length));
    const skipped = files.length - taken.length;
    onWorkingChange?.(true);
    setWorking('Preparing photos…');
    try {
      const { compressPhoto } = await import('../../lib/photos/compress');
      for (const [i, file] of taken.entries()) {
        setWorking(`Preparing photo ${i + 1} of ${taken.length}…`);
        try {
          const p = await compressPhoto(file);
          const next = [...latest.current, { ...p, key: crypto.randomUUID() }];
          latest.current = next;
          onChange(next);
        } catch (err) {
          setProblem(err instanceof Error ? err.message : String(err));
        }
      }
      if (skipped > 0) setProblem(`At most ${MAX_PHOTOS_PER_ROW} photos can be added to one record: ${skipped} not added.`);
    } catch (err) {
      // The compression code could not be loaded (offline before it was ever cached).
      setProblem(`Photos cannot be added right now: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setWorking(null);
      onWorkingChange?.(false);
    }
  };

  const full = room <= 0;
  return (
    <fieldset aria-labelledby={labelId} className="space-y-2">
      <legend id={labelId} className="text-sm font-semibold text-slate-800">
        Photos{' '}
        <span className="font-normal text-slate-600">
          {held > 0 ? `(optional, ${limit} more: this record has ${held})` : `(optional, up to ${MAX_PHOTOS_PER_ROW})`}
        </span>
      </legend>
      {photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Photos to save">
          {photos.map((p, i) => (
            <li key={p.key} className="relative">
              <img
                src={urls.get(p.key)}
                alt={`Evidence ${i + 1}`}
                width={80}
                height={80}
                className="size-20 rounded-lg object-cover ring-1 ring-slate-300"
              />
              <button
                type="button"
                className="absolute -top-2 -right-2 flex size-8 items-center justify-center rounded-full bg-slate-900 text-white"
                aria-label={`Remove photo ${i + 1}`}
                onClick={() => onChange(photos.filter((x) => x.key !== p.key))}
                disabled={disabled}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="text-sm text-slate-700">
          {photos.length > 0
            ? `${MAX_PHOTOS_PER_ROW} photos in all: remove one to add another.`
            : `This record has its ${MAX_PHOTOS_PER_ROW} photos: no more can be added.`}
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <label className={pickerButton}>
            Take photo
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              onChange={(e) => void add(e)}
              disabled={disabled || !!working}
            />
          </label>
          <label className={pickerButton}>
            Choose photos
            <input
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              onChange={(e) => void add(e)}
              disabled={disabled || !!working}
            />
          </label>
        </div>
      )}
      <p role="status" className="text-sm text-slate-700">
        {working ?? ''}
      </p>
      {problem && <p className="text-sm font-medium text-red-700">{problem}</p>}
    </fieldset>
  );
}
