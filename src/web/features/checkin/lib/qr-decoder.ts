/** Reads a QR code's text from the current frame of a playing video, or null when it sees none. */
export type FrameDecoder = { decode: (video: HTMLVideoElement) => Promise<string | null>; close: () => void };

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats: () => Promise<string[]>;
};

/** Frames are scaled down to this many pixels on their long side: a ticket held up fills much of it. */
const MAX_SIDE = 640;

/**
 * The browser's own BarcodeDetector where it reads QR codes (Android, ChromeOS, macOS); elsewhere
 * jsQR in a Web Worker. Some browsers expose BarcodeDetector without any format, hence the check.
 */
export async function createFrameDecoder(): Promise<FrameDecoder> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  try {
    if (Native && (await Native.getSupportedFormats()).includes('qr_code')) {
      const detector = new Native({ formats: ['qr_code'] });
      return { decode: async (v) => (await detector.detect(v))[0]?.rawValue || null, close: () => {} };
    }
  } catch {
    // A detector that cannot list its formats is treated as absent.
  }
  return workerDecoder();
}

function workerDecoder(): FrameDecoder {
  const worker = new Worker(new URL('./qr-worker.ts', import.meta.url), { type: 'module' });
  const canvas = document.createElement('canvas');
  const g = canvas.getContext('2d', { willReadFrequently: true });
  const waiting = new Map<number, (text: string | null) => void>();
  let nextId = 0;
  const settleAll = () => {
    for (const resolve of waiting.values()) resolve(null);
    waiting.clear();
  };
  worker.onmessage = (e: MessageEvent<{ id: number; text: string | null }>) => {
    waiting.get(e.data.id)?.(e.data.text);
    waiting.delete(e.data.id);
  };
  worker.onerror = settleAll;
  return {
    decode(video) {
      const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight, 1));
      const width = Math.round(video.videoWidth * scale);
      const height = Math.round(video.videoHeight * scale);
      if (!g || !width || !height) return Promise.resolve(null);
      canvas.width = width;
      canvas.height = height;
      g.drawImage(video, 0, 0, width, height);
      const { data } = g.getImageData(0, 0, width, height);
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        // The pixels are handed over, not copied: a frame is over a megabyte.
        worker.postMessage({ id, data, width, height }, [data.buffer]);
      });
    },
    close() {
      worker.terminate();
      settleAll();
    },
  };
}
