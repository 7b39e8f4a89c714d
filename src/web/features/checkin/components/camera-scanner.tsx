import { Camera, CameraOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { createFrameDecoder } from '../lib/qr-decoder';
import { kioskButton, kioskSecondaryButton } from './kiosk-ui';

type CameraState = 'idle' | 'asking' | 'scanning' | 'refused' | 'unavailable';

/** A frame every 150 ms: quick enough to feel instant, light enough for a tablet to keep up. */
const FRAME_MS = 150;

const fallback =
  'You can still hold your ticket under the scanner, or find your booking below with your booking reference.';

/**
 * The device camera reads the ticket's QR code. It starts only when the family taps the button (never
 * on page load: a kiosk must not film its foyer), stops as soon as a code is read, when Stop is
 * pressed, or when the page moves on.
 */
export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const [state, setState] = useState<CameraState>('idle');
  const video = useRef<HTMLVideoElement>(null);
  const stopRef = useRef<() => void>(() => {});
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      stopRef.current();
    };
  }, []);

  async function start() {
    if (!navigator.mediaDevices?.getUserMedia) return setState('unavailable');
    setState('asking');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch (err) {
      const name = err instanceof DOMException ? err.name : '';
      if (alive.current) setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'unavailable');
      return;
    }
    const decoder = await createFrameDecoder();
    let running = true;
    const stop = () => {
      running = false;
      for (const track of stream.getTracks()) track.stop();
      decoder.close();
      stopRef.current = () => {};
    };
    stopRef.current = stop;
    const v = video.current;
    if (!alive.current || !v) return stop();
    v.srcObject = stream;
    setState('scanning');
    await v.play().catch(() => undefined);
    const tick = async () => {
      if (!running) return;
      const text = v.readyState >= 2 ? await decoder.decode(v).catch(() => null) : null;
      if (!running) return;
      if (!text) return void setTimeout(() => void tick(), FRAME_MS);
      stop();
      setState('idle');
      onCode(text.trim());
    };
    void tick();
  }

  function stopCamera() {
    stopRef.current();
    setState('idle');
  }

  const scanning = state === 'scanning';
  return (
    <div>
      {/* Always in the page, so the stream has somewhere to go the moment it starts; shown while scanning. */}
      <video
        ref={video}
        muted
        playsInline
        hidden={!scanning}
        aria-label="Camera view: hold your ticket's QR code in the frame"
        className="mb-4 aspect-[4/3] w-full max-w-md rounded-2xl bg-slate-900 object-cover"
      />
      {scanning ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <p role="status" className="text-lg font-medium text-slate-900">
            Hold the QR code in the frame. It scans by itself.
          </p>
          <button type="button" className={kioskSecondaryButton} onClick={stopCamera}>
            <CameraOff aria-hidden className="h-6 w-6" />
            Stop Camera
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={`${kioskButton} w-full sm:w-auto`}
          onClick={() => void start()}
          disabled={state === 'asking'}
        >
          <Camera aria-hidden className="h-6 w-6" />
          {state === 'asking' ? 'Starting camera...' : 'Scan With the Camera'}
        </button>
      )}
      {state === 'idle' ? (
        <p className="mt-3 text-slate-800">
          Your browser may ask to use the camera. It is only used to read your ticket&apos;s QR code; nothing is
          recorded.
        </p>
      ) : state === 'asking' ? (
        <p role="status" className="mt-3 text-lg text-slate-900">
          Please tap Allow if your browser asks to use the camera.
        </p>
      ) : state === 'refused' ? (
        <p role="alert" className="mt-3 rounded-2xl bg-amber-50 p-4 text-lg text-amber-950">
          The camera was not allowed, so we cannot read the code with it. {fallback}
        </p>
      ) : state === 'unavailable' ? (
        <p role="alert" className="mt-3 rounded-2xl bg-amber-50 p-4 text-lg text-amber-950">
          There is no camera we can use on this device. {fallback}
        </p>
      ) : null}
    </div>
  );
}
