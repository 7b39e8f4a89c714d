import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export const isPng = (buf: Buffer) =>
  buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

/**
 * Reads the text of a QR code in a PNG. The image is first set on a white margin, as a printed code
 * sits on white paper: a scanner needs a quiet zone wider than the one-module margin on the poster.
 */
export function decodeQrPng(buf: Buffer, pad = 16): { text: string | null; width: number; height: number } {
  const src = PNG.sync.read(buf);
  const out = new PNG({ width: src.width + pad * 2, height: src.height + pad * 2 });
  out.data.fill(255);
  PNG.bitblt(src, out, 0, 0, src.width, src.height, pad, pad);
  const code = jsQR(new Uint8ClampedArray(out.data), out.width, out.height, { inversionAttempts: 'dontInvert' });
  return { text: code?.data ?? null, width: src.width, height: src.height };
}
