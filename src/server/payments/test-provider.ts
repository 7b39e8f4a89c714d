import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { testProviderPayments } from '../db/schema';
import { PaymentProviderError, type PaymentProvider } from './provider';
import { createTestTerminal } from './test-terminal';

const token = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * The offline TEST MODE provider (DECISIONS.md): behaves like a tiny Stripe whose ledger lives in the
 * database, so every server process sees the same payment. Its card form posts to
 * /api/test-payments/confirm (confirm-test-payment.ts), which then confirms through applyPaymentStatus.
 */
export function createTestProvider(db: Db): PaymentProvider {
  const provider: PaymentProvider = {
    name: 'test',

    async createPayment(o) {
      if (!Number.isInteger(o.amountPence) || o.amountPence <= 0)
        throw new PaymentProviderError('Amount must be positive integer pence');
      const id = `tp_${token(12)}`;
      // The idempotency key wins: a retried create answers the payment the first call made.
      const [inserted] = await db
        .insert(testProviderPayments)
        .values({
          id,
          idempotencyKey: o.idempotencyKey,
          clientSecret: `${id}_secret_${token(18)}`,
          amountPence: o.amountPence,
          description: o.description,
          email: o.email,
          metadata: o.metadata,
        })
        .onConflictDoNothing({ target: testProviderPayments.idempotencyKey })
        .returning();
      const [row] = inserted
        ? [inserted]
        : await db.select().from(testProviderPayments).where(eq(testProviderPayments.idempotencyKey, o.idempotencyKey));
      if (!row) throw new PaymentProviderError('Test payment could not be created');
      return { providerPaymentId: row.id, clientSecret: row.clientSecret };
    },

    async retrievePayment(id) {
      const [row] = await db.select().from(testProviderPayments).where(eq(testProviderPayments.id, id));
      if (!row) throw new PaymentProviderError(`No such test payment: ${id}`);
      // TEST MODE has no charge and sends no receipt: nothing to report (DECISIONS.md, issue 17).
      return { status: row.status, amountPence: row.amountPence, details: { methodType: null, receiptUrl: null } };
    },

    async refund(o) {
      const refundId = `tpr_${token(12)}`;
      // One statement: the key check and the balance check cannot race with a second refund.
      const [row] = await db
        .update(testProviderPayments)
        .set({
          refundedPence: sql`${testProviderPayments.refundedPence} + ${o.amountPence}`,
          refundKeys: sql`${testProviderPayments.refundKeys} || jsonb_build_object(${o.idempotencyKey}::text, ${refundId}::text)`,
        })
        .where(
          sql`${testProviderPayments.id} = ${o.providerPaymentId} and status = 'succeeded'
            and not (${testProviderPayments.refundKeys} ? ${o.idempotencyKey})
            and ${testProviderPayments.refundedPence} + ${o.amountPence} <= ${testProviderPayments.amountPence}`,
        )
        .returning({ id: testProviderPayments.id });
      if (row) return { refundId };
      const [existing] = await db
        .select()
        .from(testProviderPayments)
        .where(eq(testProviderPayments.id, o.providerPaymentId));
      const previous = existing?.refundKeys[o.idempotencyKey];
      if (previous) return { refundId: previous };
      throw new PaymentProviderError(
        existing
          ? `Test payment ${o.providerPaymentId} cannot be refunded (${existing.status})`
          : `No such test payment: ${o.providerPaymentId}`,
      );
    },

    async chargeSavedCard(o) {
      const [saved] = await db.select().from(testProviderPayments).where(eq(testProviderPayments.id, o.savedFrom));
      if (!saved) throw new PaymentProviderError(`No such test payment: ${o.savedFrom}`);
      const created = await provider.createPayment(o);
      // The card is charged again unless this payment already succeeded (a success is final). A saved card
      // whose charges decline (0341, as Stripe's card of that number) fails every renewal.
      const status = saved.cardLast4 && !declinesSavedCharges.has(saved.cardLast4) ? 'succeeded' : 'failed';
      await db
        .update(testProviderPayments)
        .set({ status, cardLast4: saved.cardLast4 })
        .where(
          sql`${testProviderPayments.id} = ${created.providerPaymentId} and ${testProviderPayments.status} in ('pending', 'failed')`,
        );
      const [row] = await db
        .select({ status: testProviderPayments.status })
        .from(testProviderPayments)
        .where(eq(testProviderPayments.id, created.providerPaymentId));
      return { ...created, status: row!.status };
    },
  };
  // The built-in simulated reader at the counter, on this provider's ledger.
  provider.terminal = createTestTerminal(db, provider);
  return provider;
}

/** Stripe's test card 4000 0000 0000 0341: it can be saved (the first payment succeeds) but later charges decline. */
const declinesSavedCharges = new Set(['0341']);
