import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import { getAppSecret, signToken, verifyToken } from '../security/app-secret';

type Purpose = 'admission';

/** A key per purpose, derived from the app secret (a queue ticket can never pass for an admission token). */
async function keyFor(db: Db, purpose: Purpose): Promise<Uint8Array> {
  const secret = await getAppSecret(db);
  return new Uint8Array(createHmac('sha256', secret).update(`events:${purpose}`).digest());
}

/**
 * A queue ticket: `<entry id>.<hmac>` for this event (security/app-secret.ts's link tokens), short enough for
 * a path segment; it never expires (the queue itself ends). The admission token is the JWT.
 */
export async function signQueueTicket(db: Db, o: { entryId: string; eventId: string }): Promise<string> {
  return signToken(await getAppSecret(db), `event-queue:${o.eventId}`, o.entryId);
}

/** The entry id a queue ticket names for this event, or null. */
export async function verifyQueueTicket(db: Db, ticket: string, eventId: string): Promise<string | null> {
  const id = verifyToken(await getAppSecret(db), `event-queue:${eventId}`, ticket);
  return id && /^[0-9a-f-]{36}$/.test(id) ? id : null;
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
    if (protectedHeader.typ !== purpose || typeof payload.sub !== 'string' || typeof payload.exp !== 'number')
      return null;
    return payload.sub;
  } catch {
    return null;
  }
}
