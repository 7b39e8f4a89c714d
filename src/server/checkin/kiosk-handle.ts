import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { AppError } from '../http/errors';

/** How long a search or scan result may be acted on: a family reads, ticks three boxes and checks in. */
export const HANDLE_LIFETIME_MS = 10 * 60_000;

/**
 * What a handle names. `via: 'scan'` means the family showed its own ticket, which is what lets a kiosk
 * check the visit out (DECISIONS.md "Kiosk privacy": families check out by scanning again).
 */
export type HandleTarget = { kind: 'booking' | 'walk_in'; id: string; via: 'scan' | 'search' };

const key = (secret: string) => createHash('sha256').update(`kiosk-handle:${secret}`).digest();
// The device's session hash, shortened: a handle copied to another browser names nothing there.
const deviceOf = (tokenHash: string) => tokenHash.slice(0, 16);

/**
 * An opaque handle: the target, the device and an expiry, encrypted and authenticated (AES-256-GCM)
 * with a key derived from the app secret. Encrypted rather than only signed, so the booking id inside
 * never reaches the kiosk; no table is needed, and any process can open a handle another one made.
 */
export function sealHandle(secret: string, target: HandleTarget, tokenHash: string, now: Date): string {
  const body = [target.kind === 'booking' ? 'b' : 'w', target.id, target.via === 'scan' ? 's' : 'f']
    .concat(deviceOf(tokenHash), String(now.getTime() + HANDLE_LIFETIME_MS))
    .join('|');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret), iv);
  const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/** The target of a handle this device was given, or a 404 (forged, altered, another device's) or 410 (too old). */
export function openHandle(secret: string, handle: string, tokenHash: string, now: Date): HandleTarget {
  const body = decrypt(secret, handle);
  const [kind, id, via, device, expires] = body?.split('|') ?? [];
  if (!body || !id || device !== deviceOf(tokenHash) || (kind !== 'b' && kind !== 'w'))
    throw new AppError('ticket_not_found', 'We could not find that ticket. Please scan or search again.');
  if (Number(expires) <= now.getTime())
    throw new AppError('search_expired', 'That search has timed out. Please scan your ticket or search again.');
  return { kind: kind === 'b' ? 'booking' : 'walk_in', id, via: via === 's' ? 'scan' : 'search' };
}

function decrypt(secret: string, handle: string): string | null {
  const raw = Buffer.from(handle, 'base64url');
  if (raw.length < 12 + 16 + 1) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null; // The tag did not match: not a handle we made.
  }
}
