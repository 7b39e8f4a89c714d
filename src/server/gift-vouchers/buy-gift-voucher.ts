import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { addDays, addMonths, todayInLondon } from '../../shared/dates';
import {
  GIFT_VOUCHER_SEND_DAYS_AHEAD,
  type GiftVoucherPurchaseResponse,
  type giftVoucherPurchaseSchema,
} from '../../shared/contracts/gift-vouchers';
import { formatPence } from '../../shared/money';
import { enforcePendingPaymentCap, type PendingPaymentClient } from '../abuse/pending-payment-cap';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { giftVouchers, payments } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentDeps } from '../payments/payment-deps';
import { getAppSecret } from '../security/app-secret';
import { codeFingerprint, printToken } from './gift-voucher-code';
import { lockVoucher } from './voucher-ledger';
import { giftVoucherSettings } from './voucher-settings';

/**
 * A purchase whose payment could not even be started, as abandonBooking releases a booking's hold:
 * nothing was paid, the buyer never saw a code, so the voucher and its payment go at once. Nothing is
 * left waiting for payment, to count against the buyer's unpaid purchases (pending-payment-cap.ts) or to
 * keep the buyer's and recipient's details. Only a payment the provider never answered is removed.
 */
async function abandonVoucherPurchase(db: Db, voucherId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const v = await lockVoucher(tx, voucherId);
    if (!v || v.status !== 'pending_payment') return;
    const gone = await tx
      .delete(payments)
      .where(and(eq(payments.giftVoucherId, v.id), isNull(payments.providerPaymentId)))
      .returning({ id: payments.id });
    if (gone.length) await tx.delete(giftVouchers).where(eq(giftVouchers.id, v.id));
  });
}

/**
 * POST /api/gift-vouchers: a voucher waiting for payment and its payment row in one transaction, then the
 * provider's payment (idempotency key: the voucher id) after commit, as credit purchases do. The server
 * prices it: an amount as chosen (whole pounds, £10-£200), a visit at the catalogue's price of today.
 * Nothing is usable here: the voucher becomes active when its payment succeeds (apply-voucher-payment.ts).
 */
export async function buyGiftVoucher(
  opts: PaymentDeps & { input: z.infer<typeof giftVoucherPurchaseSchema>; now: Date; client?: PendingPaymentClient },
): Promise<GiftVoucherPurchaseResponse> {
  const { db, input, now, provider } = opts;
  const today = todayInLondon(now);
  if (input.sendOn < today)
    throw new AppError('date_in_past', 'The send date cannot be in the past.', {
      fields: { sendOn: ['Please choose today or a later date'] },
    });
  const lastSendDay = addDays(today, GIFT_VOUCHER_SEND_DAYS_AHEAD);
  if (input.sendOn > lastSendDay)
    throw new AppError('date_too_far', `We can send a voucher up to ${GIFT_VOUCHER_SEND_DAYS_AHEAD} days ahead.`, {
      fields: { sendOn: [`Please choose a date up to ${GIFT_VOUCHER_SEND_DAYS_AHEAD} days ahead`] },
    });

  const catalogue = await publicCatalogue(db, now);
  let value: { initialPence: number; ticketTypeId: string | null; ticketTypeTitle: string | null };
  if (input.kind === 'visit') {
    const type = catalogue.ticketTypes.find((t) => t.id === input.ticketTypeId);
    if (!type)
      throw new AppError('invalid_input', 'Please choose a visit from the list.', {
        fields: { ticketTypeId: ['Please choose a visit from the list'] },
      });
    value = { initialPence: type.pricePence + type.feePence, ticketTypeId: type.id, ticketTypeTitle: type.title };
  } else {
    value = { initialPence: input.amountPence!, ticketTypeId: null, ticketTypeTitle: null };
  }
  const { validMonths } = await giftVoucherSettings(db);
  const secret = await getAppSecret(db);

  const voucher = await db.transaction(async (tx) => {
    // First lock of all: at most 5 unpaid purchases per buyer e-mail and per client address.
    if (opts.client)
      await enforcePendingPaymentCap(tx, { kind: 'voucher', email: input.buyerEmail, client: opts.client, now });
    const id = crypto.randomUUID();
    const [row] = await tx
      .insert(giftVouchers)
      .values({
        id,
        ...codeFingerprint(secret, id),
        kind: input.kind,
        ...value,
        ticketPricePence: input.kind === 'visit' ? value.initialPence : null,
        balancePence: value.initialPence,
        buyerName: input.buyerName,
        buyerEmail: input.buyerEmail,
        recipientName: input.recipientName,
        recipientEmail: input.recipientEmail,
        message: input.message.trim(),
        sendOn: input.sendOn,
        // The recipient gets the full validity from the day it arrives.
        expiresOn: addMonths(input.sendOn, validMonths),
        clientAddress: opts.client?.address ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(payments).values({
      purpose: 'gift_voucher',
      giftVoucherId: id,
      provider: provider.name,
      amountPence: value.initialPence,
      createdAt: now,
      updatedAt: now,
    });
    return row!;
  });

  const what = voucher.kind === 'visit' ? `a ${voucher.ticketTypeTitle} visit` : formatPence(voucher.initialPence);
  let created: { providerPaymentId: string; clientSecret: string };
  try {
    created = await provider.createPayment({
      amountPence: voucher.initialPence,
      idempotencyKey: voucher.id,
      description: `${catalogue.venue.name}: gift voucher for ${what}`,
      email: input.buyerEmail,
      metadata: { giftVoucherId: voucher.id },
    });
  } catch (err) {
    opts.log?.error({ err, voucherId: voucher.id }, 'payment provider refused to create a gift voucher payment');
    await abandonVoucherPurchase(db, voucher.id);
    throw new AppError('payment_unavailable', 'We could not start the payment just now. Please try again in a moment.');
  }
  await db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, clientSecret: created.clientSecret, updatedAt: sql`now()` })
    .where(eq(payments.giftVoucherId, voucher.id));
  return {
    clientSecret: created.clientSecret,
    voucherId: voucher.id,
    amount: voucher.initialPence,
    kind: voucher.kind,
    printToken: printToken(secret, voucher.id, 'buyer'),
  };
}
