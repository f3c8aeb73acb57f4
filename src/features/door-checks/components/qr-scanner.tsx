/**
 * The camera view: html5-qrcode, loaded only when the scanner opens so the
 * scan path's first paint stays small. Every decoded text is handed up
 * as-is (the page parses it with zod); camera failures become clear states
 * instead of exceptions.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../ui/alert';
import { Loading } from '../../../ui/loading';

export type CameraState = 'starting' | 'scanning' | 'denied' | 'no-camera' | 'failed';

/** Which camera failure an error is (by DOMException name or the library's text). */
export function classifyCameraError(error: unknown): 'denied' | 'no-camera' | 'failed' {
  let text: string;
  try {
    text = `${String((error as { name?: unknown } | null)?.name ?? '')} ${error instanceof Error ? error.message : String(error)}`;
  } catch {
    return 'failed';
  }
  if (/NotAllowed|Permission|denied|SecurityError/i.test(text)) return 'denied';
  if (/NotFound|DevicesNotFound|no camera|not found|OverconstrainedError|NotReadable|getUserMedia|mediaDevices/i.test(text))
    return 'no-camera';
  return 'failed';
}

interface Scanner {
  stop(): Promise<void>;
  clear(): void;
  isScanning: boolean;
}

export function QrScanner({ onText, paused }: { onText: (text: string) => void; paused: boolean }) {
  const rawId = useId();
  const elementId = `qr-reader-${rawId.replace(/[^a-zA-Z0-9]/g, '')}`;
  const [state, setState] = useState<CameraState>('starting');
  const [detail, setDetail] = useState<string | null>(null);
  const onTextRef = useRef(onText);
  const pausedRef = useRef(paused);
  useEffect(() => {
    onTextRef.current = onText;
    pausedRef.current = paused;
  });

  useEffect(() => {
    let scanner: Scanner | null = null;
    let cancelled = false;
    const start = async () => {
      if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
        setState('no-camera');
        return;
      }
      try {
        const { Html5Qrcode, Html5QrcodeSupportedFormats } = await import('html5-qrcode');
        if (cancelled) return;
        const s = new Html5Qrcode(elementId, {
          verbose: false,
          formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE],
        });
        scanner = s;
        await s.start(
          { facingMode: 'environment' },
          {
            fps: 10,
            qrbox: (w: number, h: number) => ({
              width: Math.floor(Math.min(w, h) * 0.8),
              height: Math.floor(Math.min(w, h) * 0.8),
            }),
          },
          (text: string) => {
            if (!pausedRef.current) onTextRef.current(text);
          },
          () => undefined,
        );
        if (cancelled) {
          await s.stop().catch(() => undefined);
          return;
        }
        setState('scanning');
      } catch (e) {
        if (cancelled) return;
        setState(classifyCameraError(e));
        setDetail(e instanceof Error ? e.message : String(e));
      }
    };
    void start();
    return () => {
      cancelled = true;
      const s = scanner;
      if (s?.isScanning)
        void s
          .stop()
          .then(() => s.clear())
          .catch(() => undefined);
    };
  }, [elementId]);

  return (
    <div className="space-y-3">
      <div
        id={elementId}
        data-testid="qr-reader"
        className="mx-auto w-full max-w-md overflow-hidden rounded-xl bg-slate-900"
        aria-label="Camera view"
        role="img"
      />
      {state === 'starting' && <Loading label="Starting the camera..." />}
      {state === 'scanning' && <p className="text-center text-sm text-slate-700">Point the camera at the door’s QR code.</p>}
      {state === 'denied' && (
        <Alert tone="warning">
          Camera permission was denied. Allow the camera for this site in your browser settings, or pick the door from the list below.
        </Alert>
      )}
      {state === 'no-camera' && <Alert tone="warning">No camera was found on this device. Pick the door from the list below.</Alert>}
      {state === 'failed' && (
        <Alert tone="warning">The camera could not start{detail ? ` (${detail})` : ''}. Pick the door from the list below.</Alert>
      )}
    </div>
  );
}
