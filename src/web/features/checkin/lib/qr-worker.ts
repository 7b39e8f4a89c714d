import jsQR from 'jsqr';

/**
 * Reads a QR code from one camera frame, off the main thread: jsQR takes tens of milliseconds a frame,
 * which would make the kiosk's buttons stutter. Loaded only when a browser without BarcodeDetector
 * starts its camera, so jsQR is never in a page's own script.
 */
type Frame = { id: number; data: Uint8ClampedArray; width: number; height: number };
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Frame>) => void) | null;
  postMessage: (m: { id: number; text: string | null }) => void;
};

scope.onmessage = ({ data: f }) => {
  const code = jsQR(f.data, f.width, f.height, { inversionAttempts: 'attemptBoth' });
  scope.postMessage({ id: f.id, text: code?.data || null });
};
