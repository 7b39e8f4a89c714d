import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { hashToken } from '../security/tokens';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { createStaffAccount } from './create-staff-account';
import { deviceCookieName, pruneKnownDevices } from './known-devices';

const PASSWORD = 'rhubarb crumble with custard';
const NEW_PASSWORD = 'gooseberry fool on sunday';

/** One browser: the cookies it was given, by name, sent back on every request (as a browser would here). */
type Browser = Map<string, string>;
const newBrowser = (): Browser => new Map();
const cookieHeader = (b: Browser) => [...b].map(([k, v]) => `${k}=${v}`).join('; ');
function keepCookies(b: Browser, setCookie: string | string[] | undefined): void {
  for (const line of [setCookie ?? []].flat()) {
    const [pair] = line.split(';');
    const eq = pair!.indexOf('=');
    b.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  }
}

describe.each(testDbKinds)('known staff devices and the sign-in lockout (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  // Each test starts in a fresh ten-minute window, so one test's counts never reach the next.
  let clock = new Date('2026-12-01T08:00:00Z');
  const nextWindow = () => (clock = new Date(clock.getTime() + 3_600_000));
  let address = 0;
  /** A fresh client address each time: the per-address limit (10) is not what these tests are about. */
  const elsewhere = () => `198.51.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

  beforeAll(async () => {
    t = await openTestApp(kind, { config: { RATE_LIMITS: 'on' }, now: () => clock });
  });
  afterAll(() => t?.close());

  const addAccount = (username: string) =>
    createStaffAccount(t.ctx.db, { username, displayName: username, role: 'admin', password: PASSWORD });

  const signIn = async (username: string, password: string, browser: Browser = newBrowser()) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      remoteAddress: elsewhere(),
      headers: browser.size ? { cookie: cookieHeader(browser) } : {},
      payload: { username, password },
    });
    if (res.statusCode === 200) keepCookies(browser, res.headers['set-cookie']);
    return res;
  };
  /** 'admin'-style attack: wrong passwords from many addresses, no device cookie. */
  const attack = async (username: string, tries: number) => {
    const codes: number[] = [];
    for (let i = 0; i < tries; i++) codes.push((await signIn(username, `guess number ${i}`)).statusCode);
    return codes;
  };
  const devicesOf = async (username: string) =>
    rowsOf<{ token_hash: string; last_seen_at: unknown }>(
      await t.ctx.db.execute(sql`select d.token_hash, d.last_seen_at from staff_devices d
        join staff_accounts a on a.id = d.account_id where a.username = ${username} order by d.created_at`),
    );

  it('sets a year-long, httpOnly, SameSite=Strict device cookie scoped to /api/staff; only its hash is stored', async () => {
    nextWindow();
    await addAccount('cora');
    const browser = newBrowser();
    const res = await signIn('cora', PASSWORD, browser);
    expect(res.statusCode).toBe(200);
    const lines = [res.headers['set-cookie'] ?? []].flat();
    expect(lines[0]).toMatch(/^ptb_staff=/); // the session cookie stays the first one
    const device = lines.find((l) => l.startsWith(`${deviceCookieName}=`))!;
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/SameSite=Strict/i);
    expect(device).toMatch(/Path=\/api\/staff(;|$)/);
    expect(device).toMatch(/Max-Age=31536000/);
    const token = browser.get(deviceCookieName)!;
    expect((await devicesOf('cora')).map((d) => d.token_hash)).toEqual([hashToken(token)]);
    // Signing in again on the same browser renews that device; it does not make another.
    expect((await signIn('cora', PASSWORD, browser)).statusCode).toBe(200);
    expect(browser.get(deviceCookieName)).toBe(token);
    expect(await devicesOf('cora')).toHaveLength(1);
  });

  it('25 wrong passwords from elsewhere lock a new device out, but not the browser that signed in before', async () => {
    nextWindow();
    await addAccount('admin');
    const own = newBrowser();
    expect((await signIn('admin', PASSWORD, own)).statusCode).toBe(200);

    const codes = await attack('admin', 25);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(codes.slice(20)).toEqual(Array(5).fill(429));

    const fresh = await signIn('admin', PASSWORD);
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
    const mine = await signIn('admin', PASSWORD, own);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ signedIn: true, username: 'admin' });
  });

  it('successful sign-ins never count against the username: 30 from new browsers, 30 from a known one', async () => {
    nextWindow();
    await addAccount('bea');
    for (let i = 0; i < 30; i++) expect((await signIn('bea', PASSWORD)).statusCode, `new browser ${i}`).toBe(200);
    const own = newBrowser();
    for (let i = 0; i < 30; i++) expect((await signIn('bea', PASSWORD, own)).statusCode, `own ${i}`).toBe(200);
    // The allowance for failures is still whole: 20 wrong, then refused.
    const codes = await attack('bea', 21);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(codes[20]).toBe(429);
  });

  it("another account's device cookie, or a forged one, gives no way past the lockout", async () => {
    nextWindow();
    await addAccount('dev');
    await addAccount('eve');
    const evesBrowser = newBrowser();
    expect((await signIn('eve', PASSWORD, evesBrowser)).statusCode).toBe(200);
    await attack('dev', 20);

    expect((await signIn('dev', PASSWORD, evesBrowser)).statusCode).toBe(429);
    const forged = new Map([[deviceCookieName, 'A'.repeat(43)]]);
    expect((await signIn('dev', PASSWORD, forged)).statusCode).toBe(429);
    const garbage = new Map([[deviceCookieName, '..%%not a token' + 'x'.repeat(500)]]);
    expect((await signIn('dev', PASSWORD, garbage)).statusCode).toBe(429);
    // The hash of a real token is not the token.
    const hashed = new Map([[deviceCookieName, hashToken(evesBrowser.get(deviceCookieName)!).slice(0, 43)]]);
    expect((await signIn('dev', PASSWORD, hashed)).statusCode).toBe(429);
  });

  it('a browser shared by two people is a known device for both', async () => {
    nextWindow();
    await addAccount('fern');
    await addAccount('gus');
    const desk = newBrowser();
    expect((await signIn('fern', PASSWORD, desk)).statusCode).toBe(200);
    expect((await signIn('gus', PASSWORD, desk)).statusCode).toBe(200);
    expect(desk.get(deviceCookieName)!.split('.')).toHaveLength(2);
    await attack('fern', 20);
    await attack('gus', 20);
    expect((await signIn('fern', PASSWORD, desk)).statusCode).toBe(200);
    expect((await signIn('gus', PASSWORD, desk)).statusCode).toBe(200);
  });

  it('a known device guessing wrong hits its own limit of 10', async () => {
    nextWindow();
    await addAccount('hal');
    const own = newBrowser();
    expect((await signIn('hal', PASSWORD, own)).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await signIn('hal', `wrong ${i}`, own)).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes[10]).toBe(429);
    expect((await signIn('hal', PASSWORD, own)).statusCode).toBe(429);
    // Its failures were its own: the username's allowance is untouched for other browsers.
    expect((await signIn('hal', PASSWORD)).statusCode).toBe(200);
    nextWindow();
    expect((await signIn('hal', PASSWORD, own)).statusCode).toBe(200);
  });

  it('changing your own password forgets your other devices but keeps this one; a reset forgets them all', async () => {
    nextWindow();
    await addAccount('ivy');
    await addAccount('jon');
    const laptop = newBrowser();
    const phone = newBrowser();
    expect((await signIn('ivy', PASSWORD, laptop)).statusCode).toBe(200);
    expect((await signIn('ivy', PASSWORD, phone)).statusCode).toBe(200);
    expect((await signIn('jon', PASSWORD, newBrowser())).statusCode).toBe(200);
    expect(await devicesOf('ivy')).toHaveLength(2);

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/staff/password',
      remoteAddress: elsewhere(),
      headers: { cookie: cookieHeader(laptop), 'content-type': 'application/json' },
      payload: JSON.stringify({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await devicesOf('ivy')).map((d) => d.token_hash)).toEqual([hashToken(laptop.get(deviceCookieName)!)]);
    expect(await devicesOf('jon')).toHaveLength(1);

    // The laptop still gets past an attack; the phone no longer does.
    await attack('ivy', 20);
    expect((await signIn('ivy', NEW_PASSWORD, phone)).statusCode).toBe(429);
    expect((await signIn('ivy', NEW_PASSWORD, laptop)).statusCode).toBe(200);

    const jon = await t.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      remoteAddress: elsewhere(),
      payload: { username: 'jon', password: PASSWORD },
    });
    const [ivyId] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`select id from staff_accounts where username = 'ivy'`),
    );
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/staff/accounts/${ivyId!.id}/reset-password`,
      remoteAddress: elsewhere(),
      headers: {
        cookie: [jon.headers['set-cookie'] ?? []].flat()[0]!.split(';')[0]!,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ newPassword: PASSWORD }),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await devicesOf('ivy')).toEqual([]);
    expect((await devicesOf('jon')).length).toBeGreaterThan(0);
  });

  it('a wrong current password counts as a failure; a right one does not', async () => {
    nextWindow();
    await addAccount('kit');
    const other = newBrowser();
    expect((await signIn('kit', PASSWORD, other)).statusCode).toBe(200);
    const session = new Map([['ptb_staff', other.get('ptb_staff')!]]); // no device cookie: the username's allowance
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/staff/password',
        remoteAddress: elsewhere(),
        headers: { cookie: cookieHeader(session), 'content-type': 'application/json' },
        payload: JSON.stringify({ currentPassword, newPassword: NEW_PASSWORD }),
      });
    for (let i = 0; i < 19; i++) expect((await change(`not it ${i}`)).statusCode).toBe(400);
    expect((await signIn('kit', 'one more wrong')).statusCode).toBe(401);
    expect((await signIn('kit', PASSWORD)).statusCode).toBe(429);
    expect((await change(PASSWORD)).statusCode).toBe(429);
  });

  it('devices unused for a year are pruned; an account’s devices go with it', async () => {
    nextWindow();
    await addAccount('lou');
    await addAccount('max');
    expect((await signIn('lou', PASSWORD)).statusCode).toBe(200);
    expect((await signIn('max', PASSWORD)).statusCode).toBe(200);
    await t.ctx.db
      .execute(sql`update staff_devices set last_seen_at = ${new Date(clock.getTime() - 366 * 86_400_000).toISOString()}
      where account_id = (select id from staff_accounts where username = 'lou')`);
    await pruneKnownDevices(t.ctx.db, clock);
    expect(await devicesOf('lou')).toEqual([]);
    expect(await devicesOf('max')).toHaveLength(1);

    const [maxRow] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`select id from staff_accounts where username = 'max'`),
    );
    await t.ctx.db.execute(sql`delete from staff_sessions where account_id = ${maxRow!.id}`);
    await t.ctx.db.execute(sql`delete from staff_accounts where id = ${maxRow!.id}`);
    const left = rowsOf(await t.ctx.db.execute(sql`select 1 from staff_devices where account_id = ${maxRow!.id}`));
    expect(left).toEqual([]);
  });
});
