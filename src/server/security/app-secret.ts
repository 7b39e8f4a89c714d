import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';

const KEY = 'app_secret';
// Per database: a test process may hold several apps on different databases.
const cache = new WeakMap<object, string>();

/**
 * The app's signing secret: generated once, stored in the database so every process signs and checks
 * links alike (DECISIONS.md "Scale": nothing shared lives in one process's memory). Cached once read.
 */
export async function getAppSecret(db: Db): Promise<string> {
  const hit = cache.get(db);
  if (hit) return hit;
  await db
    .insert(appSettings)
    .values({ key: KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
  cache.set(db, row!.value);
  return row!.value;
}

const mac = (secret: string, purpose: string, id: string) =>
  createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url');

/** `<id>.<hmac>`: an unguessable link token that names what it is for. */
export function signToken(secret: string, purpose: string, id: string): string {
  return `${id}.${mac(secret, purpose, id)}`;
}

/** The id inside a token, or null when the token was not signed by us for this purpose. */
export function verifyToken(secret: string, purpose: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, purpose, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
