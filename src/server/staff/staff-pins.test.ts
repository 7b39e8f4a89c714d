import { describe, expect, it } from 'vitest';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { useClockedTestApp } from '../testing/clocked-test-app';
import { auditRows, cookieFrom, signInAs, staffRequest } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { isWeakPin } from './staff-pins';

const START = new Date('2026-11-28T10:00:00Z');
const PASSWORD = 'correct horse battery'; // signInAs's

describe('weak PINs', () => {
  it('refuses one digit repeated and straight runs, and allows the rest', () => {
    for (const pin of ['0000', '1111', '1234', '4321', '234567', '987654']) expect(isWeakPin(pin), pin).toBe(true);
    for (const pin of ['2580', '1357', '9021', '120034']) expect(isWeakPin(pin), pin).toBe(false);
  });
});

/** Quick switching on a till device by PIN (issue 48): PUT /api/staff/pin and POST /api/till/switch-user. */
describe.each(testDbKinds)('staff PINs and switching user on a till (%s)', (kind) => {
  // The usual test config (request limits off): the PIN's lock is its own, not a request limit.
  const t = useClockedTestApp(kind, START);
  const putPin = (cookie: string | undefined, body: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/staff/pin',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(body),
    });

  /** A staff member with a PIN, and a till device signed in as someone else. */
  async function setUp(pin = '2580') {
    const owner = await signInAs(t.app, t.ctx);
    const set = await putPin(owner.cookie, { pin, currentPassword: PASSWORD });
    expect(set.statusCode, set.body).toBe(200);
    const till = await signInAs(t.app, t.ctx);
    return { owner, till, switchAs: (p: string, cookie = till.cookie) => switchUser(cookie, owner.username, p) };
  }
  const switchUser = (cookie: string | undefined, username: string, pin: string) =>
    staffRequest(t.app, cookie)('POST', '/api/till/switch-user', { username, pin });
  const me = async (cookie: string) => (await staffRequest(t.app, cookie)('GET', '/api/staff/me')).json();

  it('a right PIN switches the device to its owner: a new session, the old one ended, audited', async () => {
    const { owner, till, switchAs } = await setUp();
    const res = await switchAs('2580');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ signedIn: true, kind: 'staff', username: owner.username });
    const cookie = cookieFrom(res.headers['set-cookie']);
    expect((await me(cookie)).username).toBe(owner.username);
    expect((await me(till.cookie)).signedIn).toBe(false);
    const audit = (await auditRows(t.ctx.db)).filter((r) => r.action === 'till_user_switched');
    expect(audit.at(-1)).toMatchObject({ actor: owner.username, details: { from: till.username } });
  });

  it('a wrong PIN, an unknown username and an account without a PIN are one 401, and nothing switches', async () => {
    const { till, switchAs } = await setUp();
    const other = await signInAs(t.app, t.ctx); // has no PIN
    for (const res of [
      await switchAs('2581'),
      await switchUser(till.cookie, 'nobody-here', '2580'),
      await switchUser(till.cookie, other.username, '2580'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('invalid_credentials');
    }
    expect((await me(till.cookie)).username).toBe(till.username);
  });

  it('five wrong PINs lock that PIN for 15 minutes; the right PIN is refused meanwhile; the password still works', async () => {
    const { owner, switchAs } = await setUp('7391');
    for (let i = 1; i <= 4; i++) expect((await switchAs('0001')).statusCode, `try ${i}`).toBe(401);
    const fifth = await switchAs('0001');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().error.code).toBe('pin_locked');
    expect(fifth.headers['retry-after']).toBe('900');
    expect((await auditRows(t.ctx.db, undefined)).some((r) => r.action === 'staff_pin_locked')).toBe(true);

    t.clock = new Date(START.getTime() + 14 * 60_000);
    const stillLocked = await switchAs('7391');
    expect(stillLocked.statusCode).toBe(423);
    expect(stillLocked.headers['retry-after']).toBe('60');

    // The account is not locked: its password signs in.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      payload: { username: owner.username, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);

    t.clock = new Date(START.getTime() + 15 * 60_000 + 1000);
    expect((await switchAs('7391')).statusCode).toBe(200);
  });

  it('a right PIN starts the count again; a lock that ran out allows five more tries', async () => {
    const { switchAs, owner } = await setUp('4826');
    for (let i = 0; i < 4; i++) expect((await switchAs('1111')).statusCode).toBe(401);
    const ok = await switchAs('4826');
    expect(ok.statusCode).toBe(200);
    const device = cookieFrom(ok.headers['set-cookie']);
    for (let i = 0; i < 4; i++) expect((await switchUser(device, owner.username, '1111')).statusCode).toBe(401);
    expect((await switchUser(device, owner.username, '1111')).statusCode).toBe(423);
  });

  it('guesses sent at once are counted before they are checked: never more than five checked', async () => {
    const { switchAs } = await setUp('6149');
    const answers = await Promise.all(Array.from({ length: 8 }, () => switchAs('0002')));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === 423).length).toBeGreaterThanOrEqual(4);
    expect((await switchAs('6149')).statusCode).toBe(423);
  });

  it('setting a PIN needs the password; weak and malformed PINs are refused', async () => {
    const staff = await signInAs(t.app, t.ctx);
    const put = (body: unknown) => putPin(staff.cookie, body);
    const wrong = await put({ pin: '2580', currentPassword: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_current_password');
    expect((await put({ pin: '1234', currentPassword: PASSWORD })).json().error.code).toBe('weak_pin');
    for (const pin of ['123', '1234567', '12a4', 2580])
      expect((await put({ pin, currentPassword: PASSWORD })).statusCode, String(pin)).toBe(400);
    expect((await put({ pin: '258013', currentPassword: PASSWORD })).statusCode).toBe(200);
    expect((await auditRows(t.ctx.db)).some((r) => r.action === 'staff_pin_set' && r.actor === staff.username)).toBe(
      true,
    );
  });

  it("an admin's password reset removes the PIN (someone may know it too)", async () => {
    const { owner, switchAs } = await setUp('5093');
    const admin = await signInAs(t.app, t.ctx, { role: 'admin' });
    const accounts = (await staffRequest(t.app, admin.cookie)('GET', '/api/staff/accounts')).json<{
      accounts: { id: string; username: string }[];
    }>().accounts;
    const id = accounts.find((a) => a.username === owner.username)!.id;
    const reset = await staffRequest(t.app, admin.cookie)('POST', `/api/staff/accounts/${id}/reset-password`, {
      newPassword: 'a brand new passphrase',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await switchAs('5093')).statusCode).toBe(401);
  });

  it('only a signed-in staff device may switch: signed out 401, a family 401, a kiosk 403', async () => {
    const { owner } = await setUp('3917');
    const kiosk = await signInAs(t.app, t.ctx, { kiosk: true });
    const family = await familyCookieFor(t.ctx.db, 'pin-family@example.com', START);
    expect((await switchUser(undefined, owner.username, '3917')).statusCode).toBe(401);
    expect((await switchUser(family, owner.username, '3917')).statusCode).toBe(401);
    expect((await switchUser(kiosk.cookie, owner.username, '3917')).statusCode).toBe(403);
    const put = (cookie: string | undefined) => putPin(cookie, { pin: '3917', currentPassword: PASSWORD });
    expect((await put(undefined)).statusCode).toBe(401);
    expect((await put(family)).statusCode).toBe(401);
    expect((await put(kiosk.cookie)).statusCode).toBe(403);
  });
});
