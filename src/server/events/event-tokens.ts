import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import { getAppSecret } from '../security/app-secret';

type Purpose = 'queue-ticket' | 'admission';

/** A key per purpose, derived from the app secret (a queue ticket can never pass for an admission token). */
async function keyFor(db: Db, purpose: Purpose): Promise<Uint8Array> {
  const secret = await getAppSecret(db);
  return new Uint8Array(createHmac('sha256', secret).update(`events:${purpose}`).digest());
}

/** A queue ticket: names its queue entry and event; no expiry (the queue itself ends). HS256 by jose. */
export async function signQueueTicket(db: Db, o: { entryId: string; eventId: string; now: Date }): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'queue-ticket' })
    .setSubject(o.entryId)
    .setAudience(o.eventId)
    .setIssuedAt(Math.floor(o.now.getTime() / 1000))
    .sign(await keyFor(db, 'queue-ticket'));
}

/** An admission token: bound to its ticket's entry and event, valid until `expiresAt` on the app's clock. */
export async function signAdmission(
  db: Db,
  o: { entryId: string; eventId: string; now: Date; expiresAt: Date },
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'admission' })
    .setSubject(o.entryId)
    .setAudience(o.eventId)
    .setIssuedAt(Math.floor(o.now.getTime() / 1000))
    .setExpirationTime(Math.floor(o.expiresAt.getTime() / 1000))
    .sign(await keyFor(db, 'admission'));
}

/** The entry id a token of `purpose` names for `eventId`, or null: forged, expired (on `now`), other event. */
export async function verifyEventToken(
  db: Db,
  purpose: Purpose,
  token: string,
  o: { eventId: string; now: Date },
): Promise<string | null> {
  try {
    const { payload, protectedHeader } = await jwtVerify(token, await keyFor(db, purpose), {
      algorithms: ['HS256'],
      audience: o.eventId,
      currentDate: o.now,
      clockTolerance: 0,
    });
    if (protectedHeader.typ !== purpose || typeof payload.sub !== 'string') return null;
    if (purpose === 'admission' && typeof payload.exp !== 'number') return null;
    return payload.sub;
  } catch {
    return null;
  }
}
