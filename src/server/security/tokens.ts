import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random bearer token (session cookies, one-click links, per-booking secrets): 256 bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a bearer token, so a database leak does not leak what it opens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two hashes (or any two strings). */
export function sameSecret(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
