import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../db/schema';
import { applyPaymentStatus } from '../payments/apply-payment-status';
import { paymentDeps } from '../payments/payment-deps';
import { mailsTo } from '../bookings/testing/booking-fixtures';
import { auditRows, signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { buyVoucher, lookupCode, voucherRow } from './testing/gift-voucher-fixtures';

const START = new Date('2025-10-20T10:00:00Z');

describe.each(testDbKinds)('the staff gift voucher tab on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let admin: ReturnType<typeof staffRequest>;
  let staff: ReturnType<typeof staffRequest>;
  let kiosk: ReturnType<typeof staffRequest>;
  let adminName: string;
  const anonymous = () => staffRequest(t.app, undefined);
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => START });
    const a = await signInAs(t.app, t.ctx, { role: 'admin' });
    adminName = a.username;
    admin = staffRequest(t.app, a.cookie);
    staff = staffRequest(t.app, (await signInAs(t.app, t.ctx, { role: 'staff' })).cookie);
    kiosk = staffRequest(t.app, (await signInAs(t.app, t.ctx, { role: 'staff', kiosk: true })).cookie);
  });
  afterAll(() => t.close());
  const db = () => t.ctx.db;

  it('lets staff look a voucher up by code and read its history, never showing a whole code', async () => {
    const v = await buyVoucher(t.app, db(), { recipientName: 'Lookup Lucy' });
    const byCode = await staff('GET', `/api/admin/gift-vouchers?q=${encodeURIComponent(v.code)}`);
    expect(byCode.statusCode).toBe(200);
    const list = byCode.json().vouchers;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: v.voucherId, status: 'active', balance: 3000, recipientName: 'Lookup Lucy' });
    expect(list[0].maskedCode).toBe(`GV-••••-••••-••••-••••-${v.code.slice(-4)}`);
    // By last four, by name, and the newest list: never a whole code, nor any group but the last.
    for (const q of [v.code.slice(-4), 'lookup lucy', '']) {
      const res = await staff('GET', `/api/admin/gift-vouchers?q=${encodeURIComponent(q)}`);
      expect(res.json().vouchers.map((x: { id: string }) => x.id)).toContain(v.voucherId);
      expect(res.body).not.toContain(v.code.slice(3, 8));
    }
    const detail = await staff('GET', `/api/admin/gift-vouchers/${v.voucherId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().history).toMatchObject([
      { kind: 'purchase', amount: 3000, balanceAfter: 3000, actor: 'buyer' },
    ]);
    expect(detail.body).not.toContain(v.code.slice(3, 8));
    // A look-up by whole code is audited.
    expect((await auditRows(db(), v.voucherId)).map((r) => r.action)).toContain('gift_voucher.lookup');
  });

  it("refuses strangers: no session 401, a kiosk 403, staff 403 on an admin's actions", async () => {
    const v = await buyVoucher(t.app, db());
    const base = `/api/admin/gift-vouchers/${v.voucherId}`;
    const actions: [string, unknown][] = [
      [`${base}/void`, { reason: 'Lost' }],
      [`${base}/extend`, { expiresOn: '2027-01-01', reason: 'Goodwill' }],
      [`${base}/reissue`, { reason: 'Lost' }],
    ];
    expect((await anonymous()('GET', '/api/admin/gift-vouchers')).statusCode).toBe(401);
    expect((await anonymous()('GET', base)).statusCode).toBe(401);
    expect((await kiosk('GET', '/api/admin/gift-vouchers')).statusCode).toBe(403);
    for (const [url, body] of actions) {
      expect((await anonymous()('POST', url, body)).statusCode).toBe(401);
      expect((await kiosk('POST', url, body)).statusCode).toBe(403);
      expect((await staff('POST', url, body)).statusCode).toBe(403);
    }
    expect(await voucherRow(db(), v.voucherId)).toMatchObject({
      status: 'active',
      balancePence: 3000,
      expiresOn: '2026-10-21',
    });
  });

  it('lets an admin extend, and refuses an earlier date, a missing reason, a bad or unknown id', async () => {
    const v = await buyVoucher(t.app, db());
    const base = `/api/admin/gift-vouchers/${v.voucherId}`;
    expect((await admin('POST', `${base}/extend`, { expiresOn: '2026-01-01', reason: 'Goodwill' })).statusCode).toBe(
      400,
    );
    expect((await admin('POST', `${base}/extend`, { expiresOn: '2027-01-01' })).statusCode).toBe(400);
    expect((await admin('POST', `${base}/extend`, { expiresOn: '2027-02-30', reason: 'Goodwill' })).statusCode).toBe(
      400,
    );
    expect((await admin('POST', `${base}/extend`, { expiresOn: '2035-01-01', reason: 'Goodwill' })).statusCode).toBe(
      400,
    );
    expect((await admin('POST', '/api/admin/gift-vouchers/not-a-uuid/void', { reason: 'Lost' })).statusCode).toBe(400);
    expect(
      (await admin('POST', '/api/admin/gift-vouchers/00000000-0000-4000-8000-000000000000/void', { reason: 'Lost' }))
        .statusCode,
    ).toBe(404);
    const res = await admin('POST', `${base}/extend`, { expiresOn: '2027-01-31', reason: 'Hospital stay' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ expiresOn: '2027-01-31' });
    expect(res.json().history.at(-1)).toMatchObject({
      kind: 'extend',
      amount: 0,
      expiresOnBefore: '2026-10-21',
      expiresOnAfter: '2027-01-31',
      reason: 'Hospital stay',
      actor: adminName,
    });
    expect(await auditRows(db(), v.voucherId)).toContainEqual(
      expect.objectContaining({ action: 'gift_voucher.extend', actor: adminName }),
    );
  });

  it('voids with a reason: the code stops working, and a second void is refused', async () => {
    const v = await buyVoucher(t.app, db());
    const base = `/api/admin/gift-vouchers/${v.voucherId}`;
    expect((await admin('POST', `${base}/void`, {})).statusCode).toBe(400);
    const res = await admin('POST', `${base}/void`, { reason: 'Bought with a stolen card' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'void', balance: 0, voidReason: 'Bought with a stolen card' });
    expect((await lookupCode(t.app, v.code)).json()).toMatchObject({ status: 'void', balance: 0 });
    expect((await admin('POST', `${base}/void`, { reason: 'Again' })).statusCode).toBe(409);
    expect(await auditRows(db(), v.voucherId)).toContainEqual(
      expect.objectContaining({
        action: 'gift_voucher.void',
        details: { reason: 'Bought with a stolen card', balancePence: 3000 },
      }),
    );
  });

  it('reissues under a new code: the old one dead, the balance carried over and mailed to the recipient', async () => {
    const v = await buyVoucher(t.app, db(), { sendOn: '2025-10-20', recipientEmail: 'reissue@example.com' });
    expect(await mailsTo(db(), 'reissue@example.com')).toHaveLength(1);
    const res = await admin('POST', `/api/admin/gift-vouchers/${v.voucherId}/reissue`, {
      reason: 'Code shared online',
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json();
    expect(fresh.id).not.toBe(v.voucherId);
    expect(fresh).toMatchObject({ status: 'active', balance: 3000, expiresOn: '2026-10-20' });
    expect(fresh.history).toMatchObject([
      { kind: 'reissue', amount: 3000, otherMaskedCode: expect.stringMatching(/^GV-/) },
    ]);
    expect(res.body).not.toContain(v.code.slice(3, 8));
    // The old code is dead; the new one came by mail and works.
    expect((await lookupCode(t.app, v.code)).json()).toMatchObject({ status: 'void', balance: 0 });
    const mails = await mailsTo(db(), 'reissue@example.com');
    expect(mails).toHaveLength(2);
    const newCode = /GV(-[A-Z0-9]{4}){5}/.exec(mails[1]!.text)![0];
    expect(newCode).not.toBe(v.code);
    expect((await lookupCode(t.app, newCode)).json()).toMatchObject({ status: 'active', balance: 3000 });
    const old = await admin('GET', `/api/admin/gift-vouchers/${v.voucherId}`);
    expect(old.json()).toMatchObject({
      status: 'void',
      reissuedToMaskedCode: `GV-••••-••••-••••-••••-${newCode.slice(-4)}`,
    });
    expect(
      (await admin('POST', `/api/admin/gift-vouchers/${v.voucherId}/reissue`, { reason: 'Again' })).statusCode,
    ).toBe(409);
    expect(await auditRows(db(), v.voucherId)).toContainEqual(
      expect.objectContaining({ action: 'gift_voucher.reissue' }),
    );
    // The purchase refunded at the provider afterwards: the code in use (the reissued one) dies with it.
    const [bought] = await db().select().from(payments).where(eq(payments.giftVoucherId, v.voucherId));
    await applyPaymentStatus({
      ...paymentDeps(t.ctx),
      providerPaymentId: bought!.providerPaymentId!,
      status: 'refunded',
      now: START,
    });
    expect((await lookupCode(t.app, newCode)).json()).toMatchObject({ status: 'void', balance: 0 });
    const [after] = await db().select().from(payments).where(eq(payments.id, bought!.id));
    expect(after).toMatchObject({ status: 'refunded', refundStatus: 'succeeded', refundPence: 3000 });
  });
});
