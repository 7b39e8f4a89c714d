import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  normaliseCreditEmail,
  type CreditPurchaseResponse,
  type creditPurchaseSchema,
} from '../../shared/contracts/credits';
import { bundleValue } from '../../shared/bundle-value';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { creditPurchases, payments } from '../db/schema';
import { AppError } from '../http/errors';
import { enforcePendingPaymentCap, type PendingPaymentClient } from '../abuse/pending-payment-cap';
import type { PaymentDeps } from '../payments/payment-deps';

/**
 * POST /api/session-credits/purchase: a pending purchase of one bundle and its payment row in one
 * transaction, then the provider's payment (idempotency key: the purchase id) after commit, as for
 * bookings (docs/decisions/003). Nothing is granted here: credits arrive only when the payment is
 * confirmed, through applyPaymentStatus.
 */
export async function purchaseCredits(
  opts: PaymentDeps & { input: z.infer<typeof creditPurchaseSchema>; now: Date; client?: PendingPaymentClient },
): Promise<CreditPurchaseResponse> {
  const { db, input, now, provider } = opts;
  // The server prices the bundle from the catalogue (issue 25), as of now; the saving recorded (and shown
  // on the receipt) is against today's child ticket, as the page says.
  const catalogue = await publicCatalogue(db, now);
  const { creditBundle } = catalogue.visitRules;
  const { savingsPence } = bundleValue(creditBundle, catalogue.ticketTypes);
  const purchase = await db.transaction(async (tx) => {
    // At most 3 unpaid purchases per e-mail and per client address (the same cap as booking holds).
    if (opts.client)
      await enforcePendingPaymentCap(tx, { kind: 'purchase', email: input.customerEmail, client: opts.client, now });
    const [row] = await tx
      .insert(creditPurchases)
      .values({
        email: normaliseCreditEmail(input.customerEmail),
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerPhone: input.customerPhone,
        clientAddress: opts.client?.address ?? null,
        credits: creditBundle.credits,
        amountPence: creditBundle.pricePence,
        savingsPence,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(payments).values({
      purpose: 'credit_purchase',
      creditPurchaseId: row!.id,
      provider: provider.name,
      amountPence: row!.amountPence,
      createdAt: now,
      updatedAt: now,
    });
    return row!;
  });

  const { venue } = catalogue;
  let created: { providerPaymentId: string; clientSecret: string };
  try {
    created = await provider.createPayment({
      amountPence: purchase.amountPence,
      idempotencyKey: purchase.id,
      description: `${venue.name}: ${purchase.credits} session credits`,
      email: input.customerEmail,
      metadata: { creditPurchaseId: purchase.id },
    });
  } catch (err) {
    opts.log?.error({ err, purchaseId: purchase.id }, 'payment provider refused to create a credit purchase payment');
    await db.transaction(async (tx) => {
      await tx
        .update(creditPurchases)
        .set({ status: 'canceled', updatedAt: now })
        .where(and(eq(creditPurchases.id, purchase.id), eq(creditPurchases.status, 'pending')));
      await tx
        .update(payments)
        .set({ status: 'canceled', updatedAt: now })
        .where(and(eq(payments.creditPurchaseId, purchase.id), isNull(payments.providerPaymentId)));
    });
    throw new AppError('payment_unavailable', 'We could not start the payment just now. Please try again in a moment.');
  }
  await db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, clientSecret: created.clientSecret, updatedAt: sql`now()` })
    .where(eq(payments.creditPurchaseId, purchase.id));
  return {
    clientSecret: created.clientSecret,
    purchaseId: purchase.id,
    credits: purchase.credits,
    amount: purchase.amountPence,
    savings: purchase.savingsPence,
  };
}
