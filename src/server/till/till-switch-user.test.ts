import { describe, expect, it } from 'vitest';
import { requestAs } from '../catalogue/testing/admin-fixtures';
import { useClockedTestApp } from '../testing/clocked-test-app';
import { auditRows, cookieFrom, signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { cashSale, openTill, report } from './testing/till-fixtures';

const START = new Date('2026-06-10T09:00:00Z');
const PASSWORD = 'correct horse battery'; // signInAs's
const gripSocks = { kind: 'shop' as const, itemId: 'grip-socks', quantity: 1 };

/** Quick switching hands the device's open till over (issue 48): the one switched to sells on it next. */
describe.each(testDbKinds)('switching user hands the till over (%s)', (kind) => {
  const t = useClockedTestApp(kind, START);

  /** A staff member with a PIN set (signed in on their own device). */
  async function withPin(pin: string) {
    const who = await signInAs(t.app, t.ctx);
    const set = await requestAs(t.app, who.cookie)('PUT', '/api/staff/pin', { pin, currentPassword: PASSWORD });
    expect(set.statusCode, set.body).toBe(200);
    return who;
  }
  const sellOn = (cookie: string, session: string) =>
    requestAs(t.app, cookie)('POST', '/api/till/sales', cashSale(session, [gripSocks]));

  it('A opens, switches to B with the session id: B sells, A is refused, the Z report says opened by A', async () => {
    const a = await signInAs(t.app, t.ctx);
    const b = await withPin('2580');
    const session = await openTill(requestAs(t.app, a.cookie), 'Front');
    expect((await sellOn(a.cookie, session)).statusCode).toBe(201);

    const switched = await requestAs(t.app, a.cookie)('POST', '/api/till/switch-user', {
      username: b.username,
      pin: '2580',
      tillSessionId: session,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const device = cookieFrom(switched.headers['set-cookie']);
    const bSale = await sellOn(device, session);
    expect(bSale.statusCode, bSale.body).toBe(201);

    // A signs in again elsewhere (the switch ended A's session on the device): the till is no longer A's.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      payload: { username: a.username, password: PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const refused = await sellOn(cookieFrom(signIn.headers['set-cookie']), session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'not_your_till' });
    expect(refused.json().error.message).toContain(b.username);

    // The session's own business follows the till: B sees its sales (A's too) and may cancel its card; A may not.
    const aAgain = requestAs(t.app, cookieFrom(signIn.headers['set-cookie']));
    const list = await requestAs(t.app, device)('GET', `/api/till/sessions/${session}/sales`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().sales.map((s: { staff: string }) => s.staff)).toEqual([b.username, a.username]);
    expect((await aAgain('GET', `/api/till/sessions/${session}/sales`)).statusCode).toBe(403);
    const card = await requestAs(t.app, device)('POST', '/api/till/sales', {
      ...cashSale(session, [gripSocks]),
      payment: { method: 'card', readerId: 'simulated' },
    });
    expect(card.statusCode, card.body).toBe(201);
    const cancelUrl = `/api/till/sales/${card.json().id}/cancel-card`;
    expect((await aAgain('POST', cancelUrl, {})).json().error.code).toBe('not_your_till');
    expect((await requestAs(t.app, device)('POST', cancelUrl, {})).json()).toEqual({
      status: 'cancelled',
      message: null,
    });

    const z = await report(requestAs(t.app, device), session);
    expect(z).toMatchObject({ openedBy: a.username, operator: b.username, sales: 2, voids: 1 });
    const handed = (await auditRows(t.ctx.db, session)).filter((r) => r.action === 'till.handed_over');
    expect(handed).toEqual([
      expect.objectContaining({ actor: b.username, details: { till: 'Front', from: a.username, to: b.username } }),
    ]);
  });

  it('without the session id the switch leaves the till with its operator, as before', async () => {
    const a = await signInAs(t.app, t.ctx);
    const b = await withPin('1357');
    const session = await openTill(requestAs(t.app, a.cookie), 'Cafe');
    const switched = await requestAs(t.app, a.cookie)('POST', '/api/till/switch-user', {
      username: b.username,
      pin: '1357',
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const refused = await sellOn(cookieFrom(switched.headers['set-cookie']), session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('not_your_till');
  });

  it("another staff member's till is not handed over: 403, and nobody is switched", async () => {
    const owner = await signInAs(t.app, t.ctx);
    const session = await openTill(requestAs(t.app, owner.cookie), 'Party room');
    const device = await signInAs(t.app, t.ctx);
    const b = await withPin('8642');
    const res = await requestAs(t.app, device.cookie)('POST', '/api/till/switch-user', {
      username: b.username,
      pin: '8642',
      tillSessionId: session,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_your_till');
    expect((await requestAs(t.app, device.cookie)('GET', '/api/staff/me')).json().username).toBe(device.username);
    expect((await sellOn(owner.cookie, session)).statusCode).toBe(201);

    const bad = await requestAs(t.app, device.cookie)('POST', '/api/till/switch-user', {
      username: b.username,
      pin: '8642',
      tillSessionId: 'not-a-uuid',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.tillSessionId).toBeDefined();
  });
});
