import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { cookieFrom, signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { createStaffAccount } from './create-staff-account';
import { ensureFirstAdmin } from './ensure-first-admin';

describe.each(testDbKinds)('staff sign-in and sessions (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = new Date('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    await createStaffAccount(t.ctx.db, {
      username: 'sam',
      displayName: 'Sam Staff',
      role: 'staff',
      password: 'a long enough password',
    });
  });
  afterAll(() => t?.close());

  const signIn = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/staff/sign-in', payload: { username, password } });
  const me = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/staff/me', headers: cookie ? { cookie } : {} });

  it('signs in with the right password and sets a strict, httpOnly cookie', async () => {
    const res = await signIn('SAM', 'a long enough password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signedIn: true, kind: 'staff', username: 'sam', role: 'staff' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect((await me(cookieFrom(res.headers['set-cookie']))).json()).toMatchObject({ signedIn: true, username: 'sam' });
  });

  it('refuses a wrong password and an unknown user with the same 401', async () => {
    const wrong = await signIn('sam', 'nope');
    const unknown = await signIn('nobody', 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe('Incorrect password');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('stores only a hash of the session token', async () => {
    const res = await signIn('sam', 'a long enough password');
    const token = cookieFrom(res.headers['set-cookie']).split('=')[1]!;
    const rows = rowsOf<{ token_hash: string }>(await t.ctx.db.execute(sql`select token_hash from staff_sessions`));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('signs out: the cookie no longer works', async () => {
    const { cookie } = await signInAs(t.app, t.ctx);
    expect((await me(cookie)).json().signedIn).toBe(true);
    await t.app.inject({ method: 'POST', url: '/api/staff/sign-out', headers: { cookie } });
    expect((await me(cookie)).json()).toEqual({ signedIn: false });
  });

  it('expires a staff session after 12 hours', async () => {
    const { cookie } = await signInAs(t.app, t.ctx);
    clock = new Date(clock.getTime() + 12 * 3_600_000 + 1000);
    expect((await me(cookie)).json()).toEqual({ signedIn: false });
  });

  it('kiosk mode: the device can no longer use staff calls, and the audit log says who did it', async () => {
    const { cookie, username } = await signInAs(t.app, t.ctx, { kiosk: true });
    expect((await me(cookie)).json()).toEqual({ signedIn: true, kind: 'kiosk', label: 'Front desk tablet' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/kiosk-mode',
      headers: { cookie },
      payload: { label: 'again' },
    });
    expect(res.statusCode).toBe(403);
    const audit = rowsOf<{ actor: string; action: string }>(
      await t.ctx.db.execute(sql`select actor, action from audit_log where action = 'kiosk_mode_started'`),
    );
    expect(audit.map((a) => a.actor)).toContain(username);
  });

  it('only an admin creates accounts; a taken username is a 409', async () => {
    const staff = await signInAs(t.app, t.ctx, { role: 'staff' });
    const admin = await signInAs(t.app, t.ctx, { role: 'admin' });
    const body = { username: 'jo.bloggs', displayName: 'Jo Bloggs', role: 'staff', password: 'ten chars at least' };
    expect((await t.app.inject({ method: 'POST', url: '/api/staff/accounts', payload: body })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/staff/accounts',
          headers: { cookie: staff.cookie },
          payload: body,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/staff/accounts',
          headers: { cookie: admin.cookie },
          payload: body,
        })
      ).statusCode,
    ).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/staff/accounts',
      headers: { cookie: admin.cookie },
      payload: body,
    });
    expect(again.statusCode).toBe(409);
    expect((await signIn('jo.bloggs', 'ten chars at least')).statusCode).toBe(200);
  });

  it('refuses bad sign-in input with a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      payload: { username: '', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.username).toEqual(['Please enter your username']);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with Retry-After after 10 tries from one address', async () => {
    const t = await openTestApp('pglite', { config: { RATE_LIMITS: 'on' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 11; i++)
        codes.push(
          (await t.app.inject({ method: 'POST', url: '/api/staff/sign-in', payload: { username: 'x', password: 'y' } }))
            .statusCode,
        );
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      const last = await t.app.inject({
        method: 'POST',
        url: '/api/staff/sign-in',
        payload: { username: 'x', password: 'y' },
      });
      expect(last.statusCode).toBe(429);
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});

describe.each(testDbKinds)('first admin (%s)', (kind) => {
  it('is created once, even when two processes start together', async () => {
    const t = await openTestApp(kind);
    try {
      const results = await Promise.all([ensureFirstAdmin(t.ctx.db, undefined), ensureFirstAdmin(t.ctx.db, undefined)]);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      const created = results.find((r) => r.created) as { password: string };
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/staff/sign-in',
            payload: { username: 'admin', password: created.password },
          })
        ).statusCode,
      ).toBe(200);
      expect(await ensureFirstAdmin(t.ctx.db, 'other')).toEqual({ created: false });
    } finally {
      await t.close();
    }
  });
});
