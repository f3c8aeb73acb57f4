/**
 * The door form's two images (spec §5): a logo and an uploaded QR image.
 * A picked file passes the spec's type and size checks, then is decoded and
 * scaled down before it is kept (image-normalize.ts). An uploaded QR image is
 * refused on a range, and a rename asks whether to keep it (door-qr-rules.ts).
 */
import { useRef, useState, type ChangeEvent } from 'react';
import type { CacheRow } from '../../../data';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { normalizeDoorImage, type DoorImageKind } from './image-normalize';
import { errorText, MSG } from './messages';
import { text } from './row';
import { checkImageFile } from './schemas';

export function useDoorImages(door: CacheRow | null) {
  const [logo, setLogo] = useState<string | null>(text(door ?? undefined, 'logo') || null);
  const [qrImage, setQrImage] = useState<string | null>(text(door ?? undefined, 'qr_image') || null);
  const [fileError, setFileError] = useState<Partial<Record<DoorImageKind, string>>>({});
  const [pending, setPending] = useState<Partial<Record<DoorImageKind, boolean>>>({});
  const [refusedOnRange, setRefusedOnRange] = useState(false);
  const [keepStale, setKeepStale] = useState(false);
  // Only the latest pick of each kind may land (decoding a big file takes a moment).
  const picks = useRef<Record<DoorImageKind, number>>({ logo: 0, qr: 0 });

  const pick = (kind: DoorImageKind, doorCount: number) => async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.target;
    const file = input.files?.[0];
    if (!file) return;
    const n = ++picks.current[kind];
    const fail = (message: string | undefined) => {
      setFileError((f) => ({ ...f, [kind]: message }));
      // This pick supersedes any decode still running, whose finally will skip the reset.
      setPending((p) => ({ ...p, [kind]: false }));
      input.value = '';
    };
    const problem = checkImageFile(file, kind);
    if (problem) return fail(problem);
    if (kind === 'qr') setRefusedOnRange(doorCount > 1);
    if (kind === 'qr' && doorCount > 1) return fail(undefined);
    setFileError((f) => ({ ...f, [kind]: undefined }));
    setPending((p) => ({ ...p, [kind]: true }));
    try {
      const url = await normalizeDoorImage(file, kind);
      if (n !== picks.current[kind]) return;
      if (!url) return fail(MSG.selectImage);
      if (kind === 'logo') setLogo(url);
      else setQrImage(url);
    } catch (err) {
      if (n === picks.current[kind]) fail(errorText(err));
    } finally {
      if (n === picks.current[kind]) setPending((p) => ({ ...p, [kind]: false }));
    }
  };

  return {
    logo,
    qrImage,
    removeLogo: () => setLogo(null),
    removeQrImage: () => setQrImage(null),
    fileError,
    pending: !!pending.logo || !!pending.qr,
    refusedOnRange,
    keepStale,
    setKeepStale,
    pick,
  };
}

export type DoorImages = ReturnType<typeof useDoorImages>;

export function DoorImageFields({
  images,
  doorCount,
  stale,
}: {
  images: DoorImages;
  /** How many doors the form creates (a range: more than one). */
  doorCount: number;
  /** The message when the kept uploaded QR image encodes the door's old number or campus. */
  stale: string | null;
}) {
  const { logo, qrImage, fileError } = images;
  const onRange = doorCount > 1 && (!!qrImage || images.refusedOnRange);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="space-y-1">
        <Field
          label="Logo (image, under 2 MB)"
          type="file"
          accept="image/*"
          error={fileError.logo}
          onChange={(e) => void images.pick('logo', doorCount)(e)}
        />
        {logo && (
          <div className="flex items-center gap-2">
            <img src={logo} alt="Door logo" className="size-12 rounded border object-contain" />
            <Button size="sm" variant="ghost" onClick={images.removeLogo}>
              Remove logo
            </Button>
          </div>
        )}
      </div>
      <div className="space-y-1">
        <Field
          label="Upload QR Code Image (under 5 MB)"
          type="file"
          accept="image/*"
          error={fileError.qr}
          onChange={(e) => void images.pick('qr', doorCount)(e)}
        />
        {onRange && <Alert tone="error">{MSG.qrImageOneDoor}</Alert>}
        {qrImage && (
          <div className="flex items-center gap-2">
            <img src={qrImage} alt="Uploaded QR code" className="size-16 rounded border object-contain" />
            <Button size="sm" variant="ghost" onClick={images.removeQrImage}>
              Remove QR image
            </Button>
          </div>
        )}
        {stale && (
          <Alert tone="warning">
            <p>{stale}</p>
            <label className="mt-2 flex items-center gap-2">
              <input
                type="checkbox"
                className="size-5"
                checked={images.keepStale}
                onChange={(e) => images.setKeepStale(e.target.checked)}
              />
              {MSG.qrImageKeep}
            </label>
          </Alert>
        )}
      </div>
    </div>
  );
}
