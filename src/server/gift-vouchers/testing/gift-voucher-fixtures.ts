import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GiftVoucherPurchaseInput } from '../../../shared/contracts/gift-vouchers';
import { payWith, postJson } from '../../bookings/testing/booking-fixtures';
import type { Db } from '../../db/client';
import { giftVouchers } from '../../db/schema';
import { getAppSecret } from '../../security/app-secret';
import { voucherCodeOf } from '../gift-voucher-code';

export function voucherPayload(overrides: Partial<GiftVoucherPurchaseInput> = {}): GiftVoucherPurchaseInput {
  return {
    kind: 'amount',
    amountPence: 3000,
    recipientName: 'Rosie Recipient',
    recipientEmail: 'rosie@example.com',
    message: 'Happy birthday!\nHave fun on the slides.',
    sendOn: '2025-10-21',
    buyerName: 'Gran Buyer',
    buyerEmail: 'gran@example.com',
    ...overrides,
  };
}

export async function startVoucher(app: FastifyInstance, overrides: Partial<GiftVoucherPurchaseInput> = {}) {
  const res = await postJson(app, '/api/gift-vouchers', voucherPayload(overrides));
  if (res.statusCode !== 201) throw new Error(`buy failed: ${res.statusCode} ${res.body}`);
  return res.json() as { clientSecret: string; voucherId: string; amount: number; printToken: string };
}

/** Buys and pays a voucher with the test card; answers its id and (derived) code. */
export async function buyVoucher(app: FastifyInstance, db: Db, overrides: Partial<GiftVoucherPurchaseInput> = {}) {
  const started = await startVoucher(app, overrides);
  const paid = await payWith(app, started.clientSecret);
  if (paid.statusCode !== 200 || paid.json().status !== 'succeeded') throw new Error(`pay failed: ${paid.body}`);
  return { ...started, code: await codeOf(db, started.voucherId) };
}

export const codeOf = async (db: Db, voucherId: string) => voucherCodeOf(await getAppSecret(db), voucherId);

export const voucherRow = async (db: Db, id: string) =>
  (await db.select().from(giftVouchers).where(eq(giftVouchers.id, id)))[0]!;

export const lookupCode = (app: FastifyInstance, code: string, ip?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/gift-vouchers/${encodeURIComponent(code)}`,
    ...(ip ? { remoteAddress: ip } : {}),
  });
