import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { getAppSecret } from '../security/app-secret';

/** A challenge is solved and sent within this long (a slow phone takes seconds, not minutes). */
const CHALLENGE_MINUTES = 10;

const keyOf = async (db: Db) =>
  createHmac('sha256', await getAppSecret(db))
    .update('events:proof-of-work')
    .digest('base64url');

/**
 * GET /api/events/:id/queue/challenge: an ALTCHA challenge (altcha-lib; SHA-256 of salt + a secret number
 * below `maxNumber`), signed with a key from the app secret so any process checks it, naming the event and
 * an expiry on the app's clock. A proof of work slows bots; it asks nothing of a person (DECISIONS.md).
 */
export async function makeChallenge(db: Db, o: { eventId: string; now: Date; maxNumber: number }) {
  return createChallenge({
    hmacKey: await keyOf(db),
    algorithm: 'SHA-256',
    maxnumber: o.maxNumber,
    params: { event: o.eventId, expires: String(Math.floor(o.now.getTime() / 1000) + CHALLENGE_MINUTES * 60) },
  });
}

const refused = (why: string) =>
  new AppError('proof_of_work_invalid', `The waiting room could not check your browser (${why}). Please try again.`);

/**
 * The solution's signature when `payload` (ALTCHA's base64 JSON) solves a challenge of ours for this event
 * that has not expired on the app's clock; else 400 proof_of_work_invalid. Its reuse is refused by the
 * queue (one entry per signature, a unique index).
 */
export async function checkSolution(db: Db, payload: string, o: { eventId: string; now: Date }): Promise<string> {
  let parsed: { algorithm?: unknown; signature?: unknown; number?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as typeof parsed;
  } catch {
    throw refused('unreadable');
  }
  if (parsed?.algorithm !== 'SHA-256' || typeof parsed.signature !== 'string' || typeof parsed.number !== 'number')
    throw refused('unreadable');
  const params = extractParams(payload);
  if (params.event !== o.eventId) throw refused('another event');
  const expires = Number(params.expires);
  if (!Number.isFinite(expires) || expires * 1000 < o.now.getTime()) throw refused('expired');
  if (!(await verifySolution(payload, await keyOf(db), false))) throw refused('wrong answer');
  return parsed.signature;
}
