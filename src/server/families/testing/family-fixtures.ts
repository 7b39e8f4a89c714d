import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { normaliseFamilyEmail } from '../../../shared/contracts/family';
import { postJson } from '../../bookings/testing/booking-fixtures';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { familyCookieName } from '../../http/cookie-names';
import { createFamilySession } from '../family-sessions';

/** The Cookie header of a family session for `email`, written straight to the database (no code mail). */
export async function familyCookieFor(db: Db, email: string, now = new Date()): Promise<string> {
  const { token } = await createFamilySession(db, normaliseFamilyEmail(email), now);
  return `${familyCookieName}=${token}`;
}

/** The newest sign-in mail to `email` (normalised): its code and its link token. */
export async function signInMail(db: Db, email: string): Promise<{ code: string; token: string; text: string }> {
  const mails = await db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, normaliseFamilyEmail(email)))
    .orderBy(desc(outbox.createdAt));
  for (const m of mails) {
    const code = /code is: (\d{6})/.exec(m.text)?.[1];
    const token = /my-bookings\?signin=(\S+)/.exec(m.text)?.[1];
    if (code && token) return { code, token: decodeURIComponent(token), text: m.text };
  }
  throw new Error(`no sign-in mail to ${email}`);
}

/** The Cookie header to send back, from a response's Set-Cookie. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const first = [setCookie ?? []].flat()[0];
  if (!first) throw new Error('no Set-Cookie');
  return first.split(';')[0]!;
}

/** Signs in through the real calls: asks for a code, reads it from the outbox, confirms it. */
export async function signInByCode(app: FastifyInstance, db: Db, email: string): Promise<string> {
  const asked = await postJson(app, '/api/family/code', { email });
  if (asked.statusCode !== 202) throw new Error(`code refused: ${asked.statusCode} ${asked.body}`);
  const { code } = await signInMail(db, email);
  const confirmed = await postJson(app, '/api/family/confirm', { email, code });
  if (confirmed.statusCode !== 200) throw new Error(`confirm refused: ${confirmed.statusCode} ${confirmed.body}`);
  return cookieFrom(confirmed.headers['set-cookie']);
}

/** The same over HTTP against a running server process at `url` (two-process tests): confirmed on that process. */
export async function signInByCodeAt(url: string, db: Db, email: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const asked = await post('/api/family/code', { email });
  if (asked.status !== 202) throw new Error(`code refused: ${asked.status} ${await asked.text()}`);
  const { code } = await signInMail(db, email);
  const confirmed = await post('/api/family/confirm', { email, code });
  if (confirmed.status !== 200) throw new Error(`confirm refused: ${confirmed.status} ${await confirmed.text()}`);
  return cookieFrom(confirmed.headers.getSetCookie());
}
