import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client';
import { getAppSecret } from '../security/app-secret';

/** The order's secret: derived from the app's secret, so a repeated POST can answer it again (nothing stored). */
export async function orderSecretOf(db: Db, orderId: string): Promise<string> {
  return createHmac('sha256', await getAppSecret(db))
    .update(`cafe-order:${orderId}`)
    .digest('base64url');
}

export async function orderSecretMatches(db: Db, orderId: string, given: string | undefined): Promise<boolean> {
  if (!given) return false;
  const expected = Buffer.from(await orderSecretOf(db, orderId));
  const got = Buffer.from(given);
  return got.length === expected.length && timingSafeEqual(got, expected);
}
