import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftVoucherLedger } from '../db/schema';
import { AppError } from '../http/errors';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import { testConfig } from '../testing/test-config';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { redeemGiftVoucher, refundToGiftVoucher } from './voucher-ledger';
import { voidGiftVoucher } from './staff-gift-vouchers';
import { redeemInProcesses } from './testing/redeem-race';
import { buyVoucher, voucherRow } from './testing/gift-voucher-fixtures';

const START = new Date('2025-10-20T10:00:00Z');

const codeOfError = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (err: unknown) => (err instanceof AppError ? err.code : String(err)),
  );

/**
 * The spending side that checkout will call next (issue 29): redeemGiftVoucher and refundToGiftVoucher,
 * each inside the caller's transaction, under the voucher's row lock.
 */
describe.each(testDbKinds)('spending gift vouchers on %s', (kind) => {
  let t: { app: FastifyInstance; ctx: AppContext };
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    // The app on a database whose URL the two-process race can hand to its workers.
    database = await openTestDatabase(kind);
    t = await buildApp({ db: database.db, config: testConfig(), now: () => START, webRoot: '/nonexistent' });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  const db = () => t.ctx.db;
  const redeem = (code: string, amountPence: number, now = START) =>
    db().transaction((tx) => redeemGiftVoucher(tx, { code, amountPence, now }));
  const ledgerOf = async (id: string) =>
    (await db().select().from(giftVoucherLedger).where(eq(giftVoucherLedger.voucherId, id)))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((l) => [l.kind, l.amountPence, l.balanceAfterPence]);

  it('pays part of a £28.50 booking from a £30 voucher, leaves £1.50, then pays what it has left', async () => {
    const v = await buyVoucher(t.app, db());
    expect(await redeem(v.code, 2850)).toMatchObject({ spentPence: 2850, balanceAfterPence: 150 });
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(150);
    // A bigger bill takes what is left; the card pays the rest.
    expect(await redeem(v.code.toLowerCase(), 500)).toMatchObject({ spentPence: 150, balanceAfterPence: 0 });
    expect(await codeOfError(redeem(v.code, 100))).toBe('gift_voucher_spent');
    expect(await ledgerOf(v.voucherId)).toEqual([
      ['purchase', 3000, 3000],
      ['redeem', -2850, 150],
      ['redeem', -150, 0],
    ]);
  });

  it('gives a cancelled booking back to the voucher, never above what it was sold for', async () => {
    const v = await buyVoucher(t.app, db());
    await redeem(v.code, 2000);
    const back = await db().transaction((tx) =>
      refundToGiftVoucher(tx, { voucherId: v.voucherId, amountPence: 2000, now: START }),
    );
    expect(back).toEqual({ refundedPence: 2000, balanceAfterPence: 3000 });
    const more = await db().transaction((tx) =>
      refundToGiftVoucher(tx, { voucherId: v.voucherId, amountPence: 500, now: START }),
    );
    expect(more).toEqual({ refundedPence: 0, balanceAfterPence: 3000 });
    expect((await ledgerOf(v.voucherId)).map((l) => l[0])).toEqual(['purchase', 'redeem', 'refund_to_voucher']);
  });

  it('refuses an expired, a void, an unpaid or a guessed code and spends nothing', async () => {
    const v = await buyVoucher(t.app, db());
    const after = new Date('2026-10-22T09:00:00Z');
    const expired = await db()
      .transaction((tx) => redeemGiftVoucher(tx, { code: v.code, amountPence: 100, now: after }))
      .catch((e: AppError) => e);
    expect(expired).toMatchObject({
      code: 'gift_voucher_expired',
      message: 'This gift voucher expired on Wednesday 21 October 2026.',
    });
    // The last day itself still counts.
    expect(await redeem(v.code, 100, new Date('2026-10-21T20:00:00Z'))).toMatchObject({ spentPence: 100 });

    const w = await buyVoucher(t.app, db());
    await voidGiftVoucher(db(), { id: w.voucherId, reason: 'Reported stolen', actor: 'admin', now: START });
    expect(await codeOfError(redeem(w.code, 100))).toBe('gift_voucher_void');
    expect(await codeOfError(redeem('GV-2222-3333-4444-5555-6666', 100))).toBe('gift_voucher_not_found');
    expect(await codeOfError(redeem('not a code', 100))).toBe('gift_voucher_not_found');
    expect(await ledgerOf(w.voucherId)).toEqual([
      ['purchase', 3000, 3000],
      ['void', -3000, 0],
    ]);
  });

  it('spends a voucher once when ten checkouts in one process use it at once', async () => {
    const v = await buyVoucher(t.app, db());
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        redeem(v.code, 1000).then(
          (r) => r.spentPence,
          (e: AppError) => e.code,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 1000)).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'gift_voucher_spent')).toHaveLength(7);
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(0);
  });

  if (kind === 'postgres')
    it('spends a voucher once when two processes redeem it at the same moment', async () => {
      const v = await buyVoucher(t.app, db());
      const outcomes = await redeemInProcesses({
        databaseUrl: database.url!,
        code: v.code,
        pence: 700,
        now: START,
        processes: 2,
        perProcess: 10,
      });
      expect(outcomes).toHaveLength(20);
      const spent = outcomes.filter((o): o is number => typeof o === 'number' && o > 0);
      // £30 in £7 bites: four whole ones and the £2 left, never more.
      expect(spent.sort((a, b) => a - b)).toEqual([200, 700, 700, 700, 700]);
      expect(outcomes.filter((o) => o === 'gift_voucher_spent')).toHaveLength(15);
      expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(0);
      const ledger = await ledgerOf(v.voucherId);
      expect(ledger.filter((l) => l[0] === 'redeem').reduce((s, l) => s + Number(l[1]), 0)).toBe(-3000);
    }, 60_000);
});
