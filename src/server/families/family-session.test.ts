import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingPayload, payWith, postJson } from '../bookings/testing/booking-fixtures';
import { familySessions, familySignInCodes, outbox } from '../db/schema';
import type { PaymentProvider } from '../payments/provider';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { cookieFrom, signInByCode, signInMail } from './testing/family-fixtures';

const START = new Date('2025-10-20T10:00:00Z');

describe.each(testDbKinds)('family session by e-mailed code on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = START;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = START;
  });

  const ask = (email: string) => postJson(t.app, '/api/family/code', { email });
  const confirm = (email: string, code: string, cookie?: string) =>
    postJson(t.app, '/api/family/confirm', { email, code }, cookie);
  const session = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/family/session', headers: cookie ? { cookie } : {} });
  const wrong = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

  it('answers the same for a known and an unknown address, and mails one code and link, stored hashed', async () => {
    await postJson(t.app, '/api/create-booking-payment', bookingPayload({ customerEmail: 'known@example.com' }));
    const known = await ask('known@example.com');
    const unknown = await ask('stranger@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ sentTo: 'k•••@e•••.com', expiresInMinutes: 10 });
    expect(unknown.json()).toEqual({ sentTo: 's•••@e•••.com', expiresInMinutes: 10 });
    const mail = await signInMail(t.ctx.db, 'stranger@example.com');
    expect(mail.text).toContain(`http://localhost:5000/my-bookings?signin=`);
    const [row] = await t.ctx.db
      .select()
      .from(familySignInCodes)
      .where(eq(familySignInCodes.email, 'stranger@example.com'));
    expect(JSON.stringify(row)).not.toContain(mail.code);
    expect(JSON.stringify(row)).not.toContain(mail.token);
  });

  it('signs in with the code: an httpOnly, SameSite=Lax cookie for 30 days, stored hashed; sign-out ends it', async () => {
    await ask(' Cookie@Example.com ');
    const { code } = await signInMail(t.ctx.db, 'cookie@example.com');
    const res = await confirm('cookie@example.com', code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: 'cookie@example.com' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^ptb_family=[\w-]{43}; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure'); // only in production (below)
    const expires = Date.parse(/Expires=([^;]+)/.exec(setCookie)![1]!);
    expect(Math.abs(expires - (START.getTime() + 30 * 86_400_000))).toBeLessThan(2000);
    const cookie = cookieFrom(res.headers['set-cookie']);
    const stored = await t.ctx.db.select().from(familySessions).where(eq(familySessions.email, 'cookie@example.com'));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(cookie.split('=')[1]);

    expect((await session(cookie)).json()).toEqual({ email: 'cookie@example.com' });
    // Asking whether this browser has a session is not an error (no 401 in the page's console) ...
    expect((await session()).json()).toEqual({ email: null });
    // ... but anything of the family's own is.
    const none = await t.app.inject({ method: 'GET', url: '/api/family/credits' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('family_session_required');
    expect(none.json().error.message).toMatch(/confirm your e-mail address/);

    // The code is used up.
    expect((await confirm('cookie@example.com', code)).statusCode).toBe(400);
    // 30 days later the session is over.
    clock = new Date(START.getTime() + 30 * 86_400_000 + 1000);
    expect((await session(cookie)).json()).toEqual({ email: null });
    clock = START;

    const out = await postJson(t.app, '/api/family/sign-out', {}, cookie);
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^ptb_family=; .*Expires=Thu, 01 Jan 1970/);
    expect(await t.ctx.db.select().from(familySessions).where(eq(familySessions.email, 'cookie@example.com'))).toEqual(
      [],
    );
    expect((await session(cookie)).json()).toEqual({ email: null });
  });

  it('counts wrong codes: 400 with the tries left, and the fifth wrong try ends the code', async () => {
    await ask('tries@example.com');
    const { code } = await signInMail(t.ctx.db, 'tries@example.com');
    for (const left of [4, 3, 2, 1]) {
      const res = await confirm('tries@example.com', wrong(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_code',
        message: `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      });
    }
    expect((await confirm('tries@example.com', wrong(code))).json().error.message).toBe(
      'That code is not right. Please ask for a new code.',
    );
    const right = await confirm('tries@example.com', code);
    expect(right.statusCode).toBe(400);
    expect(right.json().error.code).toBe('code_expired');
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('ends a code after 10 minutes, and a new code ends the older one', async () => {
    await ask('late@example.com');
    const first = await signInMail(t.ctx.db, 'late@example.com');
    clock = new Date(START.getTime() + 10 * 60_000 + 1);
    expect((await confirm('late@example.com', first.code)).json().error.code).toBe('code_expired');
    expect((await postJson(t.app, '/api/family/link', { token: first.token })).statusCode).toBe(404);

    await ask('late@example.com');
    const second = await signInMail(t.ctx.db, 'late@example.com');
    await ask('late@example.com');
    const third = await signInMail(t.ctx.db, 'late@example.com');
    expect(third.code === second.code && third.token === second.token).toBe(false);
    expect((await postJson(t.app, '/api/family/link', { token: second.token })).statusCode).toBe(404);
    if (second.code !== third.code) expect((await confirm('late@example.com', second.code)).statusCode).toBe(400);
    expect((await confirm('late@example.com', third.code)).statusCode).toBe(200);
  });

  it('signs in once with the e-mailed link, and with the confirmation e-mail My Bookings link', async () => {
    await ask('link@example.com');
    const { token } = await signInMail(t.ctx.db, 'link@example.com');
    const res = await postJson(t.app, '/api/family/link', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: 'link@example.com' });
    expect((await session(cookieFrom(res.headers['set-cookie']))).statusCode).toBe(200);
    const again = await postJson(t.app, '/api/family/link', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('invalid_link');

    const created = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerEmail: 'Booker@Example.com' }),
    );
    await payWith(t.app, created.json().clientSecret);
    const [confirmation] = await t.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'Booker@Example.com'));
    const signed = /my-bookings\?signin=(\S+)/.exec(confirmation!.text)![1]!;
    const viaMail = await postJson(t.app, '/api/family/link', { token: decodeURIComponent(signed) });
    expect(viaMail.statusCode, viaMail.body).toBe(200);
    expect(viaMail.json()).toEqual({ email: 'booker@example.com' });
    const forged = await postJson(t.app, '/api/family/link', { token: `${created.json().bookingId}.forged` });
    expect(forged.statusCode).toBe(404);
  });

  it('ends the browser’s previous family session when it proves another address', async () => {
    const first = await signInByCode(t.app, t.ctx.db, 'one@example.com');
    await ask('two@example.com');
    const { code } = await signInMail(t.ctx.db, 'two@example.com');
    const second = await confirm('two@example.com', code, first);
    expect((await session(cookieFrom(second.headers['set-cookie']))).json()).toEqual({ email: 'two@example.com' });
    expect((await session(first)).json()).toEqual({ email: null });
  });
});

describe('family session limits and production cookie', () => {
  it('limits codes per address and per client, and marks the cookie Secure in production', async () => {
    const t = await openTestApp('pglite', {
      config: { RATE_LIMITS: 'on', NODE_ENV: 'production', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
      // A still clock: the limits count in fixed 10-minute windows, and a slow run that crossed a window's
      // edge on the wall clock started counting again (a 202 where the 11th ask must be refused).
      now: () => new Date('2026-06-01T10:01:00Z'),
      // The family calls never reach a payment provider.
      payments: { name: 'test' } as unknown as PaymentProvider,
    });
    try {
      const ask = (email: string) => postJson(t.app, '/api/family/code', { email });
      for (let i = 0; i < 5; i++) expect((await ask('busy@example.com')).statusCode).toBe(202);
      const sixth = await ask('busy@example.com');
      expect(sixth.statusCode).toBe(429);
      expect(sixth.headers['retry-after']).toBeDefined();
      // Per client: 10 in 10 minutes whatever the address.
      for (let i = 0; i < 4; i++) expect((await ask(`other${i}@example.com`)).statusCode).toBe(202);
      expect((await ask('yet-another@example.com')).statusCode).toBe(429);

      const cookie = await signInMailAndConfirm(t);
      expect(cookie).toContain('Secure');
      expect(cookie).toContain('HttpOnly');
    } finally {
      await t.close();
    }
  });
});

async function signInMailAndConfirm(t: Awaited<ReturnType<typeof openTestApp>>): Promise<string> {
  // The per-client limit is spent above: the code is requested from another client address.
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/family/code',
    remoteAddress: '192.0.2.7',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'secure@example.com' }),
  });
  expect(asked.statusCode).toBe(202);
  const { code } = await signInMail(t.ctx.db, 'secure@example.com');
  const res = await postJson(t.app, '/api/family/confirm', { email: 'secure@example.com', code });
  expect(res.statusCode).toBe(200);
  return String(res.headers['set-cookie']);
}
