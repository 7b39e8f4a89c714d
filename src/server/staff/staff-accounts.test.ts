import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAccountDto, StaffSessionDto } from '../../shared/contracts/staff-accounts';
import { auditRows, cookieFrom, signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';

const PASSWORD = 'bramble jelly on toast';
const SOME_UUID = '6f1c2f0e-8a4b-4c2d-9e3f-1a2b3c4d5e6f';

/** Every call this area adds that only an admin may make, with a body that would otherwise be valid. */
const adminCalls = [
  ['GET', '/api/staff/accounts'],
  ['POST', '/api/staff/accounts/:id/deactivate'],
  ['POST', '/api/staff/accounts/:id/reactivate'],
  ['POST', '/api/staff/accounts/:id/reset-password'],
  ['GET', '/api/staff/sessions'],
  ['POST', '/api/staff/sessions/:id/end'],
  ['GET', '/api/admin/audit-log'],
] as const;

describe.each(testDbKinds)('staff accounts and devices (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = new Date('2026-11-23T09:00:00Z');
  let admin: { cookie: string; username: string };
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    admin = await signInAs(t.app, t.ctx, { role: 'admin' });
  });
  afterAll(() => t?.close());

  const as = (cookie?: string) => staffRequest(t.app, cookie);
  const tick = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const signIn = async (username: string, password = PASSWORD, cookie?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      headers: cookie ? { cookie } : {},
      payload: { username, password },
    });
    return { status: res.statusCode, cookie: res.statusCode === 200 ? cookieFrom(res.headers['set-cookie']) : '' };
  };
  /** Added through the admin route, then signed in: the new person's cookie and account id. */
  const addPerson = async (username: string, role: 'admin' | 'staff' = 'staff') => {
    const res = await as(admin.cookie)('POST', '/api/staff/accounts', {
      username,
      displayName: `Person ${username}`,
      role,
      password: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().id as string, cookie: (await signIn(username)).cookie };
  };
  const signedIn = async (cookie: string) => (await as(cookie)('GET', '/api/staff/me')).json().signedIn as boolean;
  const accounts = async () =>
    (await as(admin.cookie)('GET', '/api/staff/accounts')).json().accounts as StaffAccountDto[];
  const sessions = async () =>
    (await as(admin.cookie)('GET', '/api/staff/sessions')).json().sessions as StaffSessionDto[];
  const actions = async (subjectId: string) => (await auditRows(t.ctx.db, subjectId)).map((a) => a.action);

  it('an admin adds an account: listed with who added it; weak, common and username passwords refused', async () => {
    const add = (password: string) =>
      as(admin.cookie)('POST', '/api/staff/accounts', {
        username: 'jo.smith',
        displayName: 'Jo Smith',
        role: 'staff',
        password,
      });
    for (const weak of [
      'short',
      'aaaaaaaaaaaa',
      '1234567890',
      'qwertyuiop',
      'jo.smith2025!',
      'password123',
      'sunshine2024',
    ]) {
      const res = await add(weak);
      expect(res.statusCode, weak).toBe(400);
      expect(res.json().error.fields.password, weak).toHaveLength(1);
    }
    expect((await add('password123')).json().error.code).toBe('weak_password');
    const res = await add(PASSWORD);
    expect(res.statusCode).toBe(201);
    const jo = (await accounts()).find((a) => a.username === 'jo.smith')!;
    expect(jo).toMatchObject({ displayName: 'Jo Smith', role: 'staff', active: true, createdBy: admin.username });
    expect(jo).toMatchObject({ lastSignInAt: null, lastSeenAt: null, liveSessions: 0 });
    expect(await actions(res.json().id)).toEqual(['staff_account_created']);
  });

  it('lists live sessions and named kiosk devices; last seen is written at most once a minute', async () => {
    const sam = await addPerson('sam.seen');
    const mine = async () => (await sessions()).find((s) => s.username === 'sam.seen' && s.kind === 'staff')!;
    const signedInAt = clock.toISOString();
    expect(await mine()).toMatchObject({ label: '', startedAt: signedInAt, lastSeenAt: signedInAt, current: false });
    tick(30_000);
    expect(await signedIn(sam.cookie)).toBe(true);
    expect((await mine()).lastSeenAt).toBe(signedInAt);
    tick(31_000);
    expect(await signedIn(sam.cookie)).toBe(true);
    expect((await mine()).lastSeenAt).toBe(clock.toISOString());
    expect((await accounts()).find((a) => a.username === 'sam.seen')).toMatchObject({
      lastSignInAt: signedInAt,
      lastSeenAt: clock.toISOString(),
      liveSessions: 1,
    });

    const kiosk = await addPerson('kim.kiosk');
    const started = await as(kiosk.cookie)('POST', '/api/staff/kiosk-mode', { label: 'Café tablet' });
    expect(started.statusCode).toBe(200);
    const device = (await sessions()).find((s) => s.kind === 'kiosk' && s.label === 'Café tablet');
    expect(device).toMatchObject({ username: 'kim.kiosk', displayName: 'Person kim.kiosk' });
    expect(new Date(device!.expiresAt).getTime() - clock.getTime()).toBe(90 * 86_400_000);
    // Kim's own session ended when the device became a kiosk.
    expect((await sessions()).filter((s) => s.username === 'kim.kiosk').map((s) => s.kind)).toEqual(['kiosk']);
    expect((await sessions()).find((s) => s.current)?.username).toBe(admin.username);
  });

  it("deactivating an account ends its live session at once (next request refused); reactivating doesn't revive it", async () => {
    const leaver = await addPerson('lee.leaver');
    expect((await as(leaver.cookie)('GET', '/api/admin/todays-bookings')).statusCode).toBe(200);
    const res = await as(admin.cookie)('POST', `/api/staff/accounts/${leaver.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'lee.leaver', endedSessions: 1 });
    const refused = await as(leaver.cookie)('GET', '/api/admin/todays-bookings');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('sign_in_required');
    expect((await signIn('lee.leaver')).status).toBe(401);
    expect((await accounts()).find((a) => a.username === 'lee.leaver')).toMatchObject({
      active: false,
      liveSessions: 0,
    });
    expect((await sessions()).some((s) => s.username === 'lee.leaver')).toBe(false);
    // Again: nothing to change, nothing audited.
    expect((await as(admin.cookie)('POST', `/api/staff/accounts/${leaver.id}/deactivate`)).statusCode).toBe(200);

    expect((await as(admin.cookie)('POST', `/api/staff/accounts/${leaver.id}/reactivate`)).statusCode).toBe(200);
    expect(await signedIn(leaver.cookie)).toBe(false);
    expect((await signIn('lee.leaver')).status).toBe(200);
    expect(await actions(leaver.id)).toEqual([
      'staff_account_created',
      'staff_account_deactivated',
      'staff_account_reactivated',
    ]);
    const deactivated = (await auditRows(t.ctx.db, leaver.id))[1]!;
    expect(deactivated).toMatchObject({ actor: admin.username, details: { username: 'lee.leaver', endedSessions: 1 } });
  });

  it('deactivating ends the kiosk devices the account started, too', async () => {
    const starter = await addPerson('dee.device');
    const k = await as(starter.cookie)('POST', '/api/staff/kiosk-mode', { label: 'Door tablet' });
    const device = cookieFrom(k.headers['set-cookie']);
    expect((await as(device)('GET', '/api/staff/me')).json()).toMatchObject({ kind: 'kiosk', label: 'Door tablet' });
    await as(admin.cookie)('POST', `/api/staff/accounts/${starter.id}/deactivate`);
    expect(await signedIn(device)).toBe(false);
  });

  it('an admin cannot deactivate or reset their own account; an unknown id is a 404', async () => {
    const me = (await accounts()).find((a) => a.username === admin.username)!;
    for (const verb of ['deactivate', 'reset-password']) {
      const res = await as(admin.cookie)('POST', `/api/staff/accounts/${me.id}/${verb}`, { newPassword: PASSWORD });
      expect(res.statusCode, verb).toBe(409);
      expect(res.json().error.code).toBe('own_account');
    }
    expect((await as(admin.cookie)('POST', `/api/staff/accounts/${SOME_UUID}/deactivate`)).statusCode).toBe(404);
    expect(
      (await as(admin.cookie)('POST', `/api/staff/accounts/${SOME_UUID}/reset-password`, { newPassword: PASSWORD }))
        .statusCode,
    ).toBe(404);
    expect(await signedIn(admin.cookie)).toBe(true);
  });

  it("resets a password: the old one stops working, the new one works, the person's sessions end", async () => {
    const forgetful = await addPerson('fay.forgot');
    const weak = await as(admin.cookie)('POST', `/api/staff/accounts/${forgetful.id}/reset-password`, {
      newPassword: 'fay.forgot-2026',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatchObject({ code: 'weak_password' });
    expect(weak.json().error.fields.newPassword).toEqual(['Too easy to guess: it contains the username']);
    const res = await as(admin.cookie)('POST', `/api/staff/accounts/${forgetful.id}/reset-password`, {
      newPassword: 'marmalade at the seaside',
    });
    expect(res.statusCode).toBe(200);
    expect(await signedIn(forgetful.cookie)).toBe(false);
    expect((await signIn('fay.forgot')).status).toBe(401);
    expect((await signIn('fay.forgot', 'marmalade at the seaside')).status).toBe(200);
    expect(await actions(forgetful.id)).toEqual(['staff_account_created', 'staff_password_reset']);
  });

  it('everyone changes their own password: the current one is required, weak and common ones refused', async () => {
    const pat = await addPerson('pat.change');
    const other = (await signIn('pat.change')).cookie;
    const change = (currentPassword: string, newPassword: string) =>
      as(pat.cookie)('POST', '/api/staff/password', { currentPassword, newPassword });

    const wrong = await change('not my password', 'a brand new passphrase');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_current_password');
    expect(wrong.json().error.fields.currentPassword).toEqual(['Your current password is not right']);
    for (const weak of ['zzzzzzzzzzzz', '0987654321', 'my pat.change pw', 'iloveyou12345', 'football!!']) {
      const res = await change(PASSWORD, weak);
      expect(res.statusCode, weak).toBe(400);
      expect(res.json().error.fields.newPassword, weak).toHaveLength(1);
    }
    expect(await actions(pat.id)).toEqual(['staff_account_created']);

    expect((await change(PASSWORD, 'a brand new passphrase')).statusCode).toBe(200);
    // This browser stays signed in; the person's other session ends.
    expect(await signedIn(pat.cookie)).toBe(true);
    expect(await signedIn(other)).toBe(false);
    expect((await signIn('pat.change')).status).toBe(401);
    expect((await signIn('pat.change', 'a brand new passphrase')).status).toBe(200);
    const audit = await auditRows(t.ctx.db, pat.id);
    expect(audit.at(-1)).toMatchObject({ actor: 'pat.change', action: 'own_password_changed' });
    expect(JSON.stringify(audit)).not.toContain('brand new');
  });

  it('an admin ends a person’s session and a kiosk device: each is refused at its next request', async () => {
    const person = await addPerson('ned.ended');
    const starter = await addPerson('kai.kiosk');
    const k = await as(starter.cookie)('POST', '/api/staff/kiosk-mode', { label: 'Till tablet' });
    const device = cookieFrom(k.headers['set-cookie']);
    const list = await sessions();
    const personSession = list.find((s) => s.username === 'ned.ended')!;
    const deviceSession = list.find((s) => s.label === 'Till tablet')!;

    const endPerson = await as(admin.cookie)('POST', `/api/staff/sessions/${personSession.id}/end`);
    expect(endPerson.json()).toEqual({ success: true, kind: 'staff' });
    expect((await as(person.cookie)('GET', '/api/admin/todays-bookings')).statusCode).toBe(401);

    expect((await as(device)('GET', '/api/staff/me')).json().kind).toBe('kiosk');
    const endDevice = await as(admin.cookie)('POST', `/api/staff/sessions/${deviceSession.id}/end`);
    expect(endDevice.json()).toEqual({ success: true, kind: 'kiosk' });
    expect(await signedIn(device)).toBe(false);
    expect((await sessions()).some((s) => s.id === deviceSession.id)).toBe(false);

    const again = await as(admin.cookie)('POST', `/api/staff/sessions/${deviceSession.id}/end`);
    expect(again.statusCode).toBe(404);
    expect(await actions(personSession.id)).toEqual(['staff_session_ended']);
    expect((await auditRows(t.ctx.db, deviceSession.id))[0]).toMatchObject({
      actor: admin.username,
      action: 'kiosk_device_ended',
      details: { username: 'kai.kiosk', device: 'Till tablet' },
    });
  });

  it('signing in as staff on a kiosk device ends its kiosk session', async () => {
    const starter = await addPerson('tia.takeback');
    const k = await as(starter.cookie)('POST', '/api/staff/kiosk-mode', { label: 'Foyer tablet' });
    const device = cookieFrom(k.headers['set-cookie']);
    const deviceId = (await sessions()).find((s) => s.label === 'Foyer tablet')!.id;
    // A wrong password leaves the kiosk as it was.
    expect((await signIn('tia.takeback', 'wrong password', device)).status).toBe(401);
    expect((await as(device)('GET', '/api/staff/me')).json().kind).toBe('kiosk');

    const back = await signIn('tia.takeback', PASSWORD, device);
    expect(back.status).toBe(200);
    expect(await signedIn(device)).toBe(false);
    expect((await as(back.cookie)('GET', '/api/staff/me')).json()).toMatchObject({ kind: 'staff' });
    expect((await sessions()).some((s) => s.id === deviceId)).toBe(false);
    expect((await auditRows(t.ctx.db, 'Foyer tablet')).map((a) => [a.actor, a.action])).toEqual([
      ['tia.takeback', 'kiosk_mode_started'],
      ['tia.takeback', 'kiosk_mode_ended'],
    ]);
  });

  it("signing in as someone else in the same browser ends the browser's previous session", async () => {
    const first = await addPerson('fin.first');
    await addPerson('sue.second');
    const second = await signIn('sue.second', PASSWORD, first.cookie);
    expect(second.status).toBe(200);
    expect(await signedIn(first.cookie)).toBe(false);
    expect(await signedIn(second.cookie)).toBe(true);
    // Not a kiosk: nothing to audit.
    expect(await actions(first.id)).toEqual(['staff_account_created']);
  });

  it('a member of staff (not admin) gets 403 on every admin call, a kiosk 403, nobody 401; nothing is written', async () => {
    const staff = await addPerson('stu.staff');
    const kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    const target = (await accounts()).find((a) => a.username === 'jo.smith')!.id;
    const before = (await auditRows(t.ctx.db)).length;
    for (const [method, url] of adminCalls) {
      const path = url.replace(':id', target);
      const body = method === 'POST' ? { newPassword: 'a perfectly good one' } : undefined;
      for (const [cookie, status, code] of [
        [staff.cookie, 403, 'forbidden'],
        [kiosk, 403, 'forbidden'],
        [undefined, 401, 'sign_in_required'],
      ] as const) {
        const res = await as(cookie)(method, path, body);
        expect(res.statusCode, `${method} ${url} ${status}`).toBe(status);
        expect(res.json().error.code).toBe(code);
      }
    }
    for (const [cookie, status] of [
      [kiosk, 403],
      [undefined, 401],
    ] as const) {
      const res = await as(cookie)('POST', '/api/staff/password', {
        currentPassword: PASSWORD,
        newPassword: 'a perfectly good one',
      });
      expect(res.statusCode).toBe(status);
    }
    expect((await auditRows(t.ctx.db)).length).toBe(before);
    expect((await accounts()).find((a) => a.username === 'jo.smith')!.active).toBe(true);
  });
});
