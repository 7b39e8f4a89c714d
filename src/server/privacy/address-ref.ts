import { createHmac } from 'node:crypto';
import type { Db } from '../db/client';
import { getAppSecret } from '../security/app-secret';

/**
 * How the audit log names an address it must not hold: an HMAC with the app secret (a plain hash of an
 * e-mail address is reversed by guessing). The same address always gives the same reference, so an
 * admin can still tell that one address was exported and later erased.
 */
export async function addressRef(db: Db, normalisedEmail: string): Promise<string> {
  const secret = await getAppSecret(db);
  return `address:${createHmac('sha256', secret).update(`data-subject:${normalisedEmail}`).digest('base64url').slice(0, 22)}`;
}
