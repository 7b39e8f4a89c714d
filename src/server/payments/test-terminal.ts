import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { testProviderPayments } from '../db/schema';
import { PaymentProviderError, type PaymentProvider } from './provider';
import type { PaymentTerminal, ReaderPaymentState } from './terminal';

/**
 * TEST MODE's card reader (DECISIONS.md "The counter till"): one built-in simulated reader, no registration.
 * Its payments are the TEST MODE provider's own ledger rows (so a refund to card works as for any test
 * payment), and the card is "presented" by typing a Stripe test number into the till's Simulated reader panel
 * (POST /api/till/simulated-reader/present), answered as Stripe's simulated reader answers it.
 */
export const SIMULATED_READER_ID = 'simulated';

/** Stripe's card_present test numbers; any other number declines. */
const presentedCards: Record<string, string | null> = {
  '4242424242424242': null,
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
};
const declineMessage = (last4: string | null) =>
  Object.entries(presentedCards).find(([n]) => n.endsWith(last4 ?? '-'))?.[1] ?? 'Your card was declined.';

export interface TestTerminal extends PaymentTerminal {
  simulatedOnly: true;
  /** A card tapped on the simulated reader: approves or declines at once, as Stripe's test numbers do. */
  presentCard(paymentIntentId: string, cardNumber: string): Promise<ReaderPaymentState>;
}

export function isTestTerminal(t: PaymentTerminal | undefined): t is TestTerminal {
  return !!t?.simulatedOnly;
}

export function createTestTerminal(db: Db, provider: PaymentProvider): TestTerminal {
  async function retrieve(id: string): Promise<ReaderPaymentState> {
    const [row] = await db.select().from(testProviderPayments).where(eq(testProviderPayments.id, id));
    if (!row) throw new PaymentProviderError(`No such test payment: ${id}`);
    const base = { amountPence: row.amountPence, metadata: row.metadata, message: null };
    if (row.status === 'succeeded') return { ...base, status: 'paid' };
    if (row.status === 'canceled') return { ...base, status: 'cancelled' };
    if (row.status === 'failed') return { ...base, status: 'declined', message: declineMessage(row.cardLast4) };
    return { ...base, status: 'in_progress' };
  }
  const unavailable = async (): Promise<never> => {
    throw new PaymentProviderError(
      'TEST MODE has only its built-in simulated reader: set the Stripe keys to register one',
    );
  };
  return {
    simulatedOnly: true,
    ensureLocation: unavailable,
    registerReader: unavailable,
    retrieveReader: async () => null,
    deleteReader: unavailable,
    async createReaderPayment(o) {
      const created = await provider.createPayment({
        ...o,
        idempotencyKey: `reader-payment:${o.idempotencyKey}`,
        email: '',
      });
      return { paymentIntentId: created.providerPaymentId };
    },
    // The simulated reader shows nothing: the till's panel stands in for its screen.
    processOnReader: async () => {},
    cancelReaderAction: async () => {},
    async cancelReaderPayment(id) {
      await db
        .update(testProviderPayments)
        .set({ status: 'canceled' })
        .where(and(eq(testProviderPayments.id, id), inArray(testProviderPayments.status, ['pending', 'failed'])));
      return retrieve(id);
    },
    retrieveReaderPayment: retrieve,
    readerAction: async () => null,
    async presentCard(id, cardNumber) {
      const digits = cardNumber.replace(/\s+/g, '');
      const approved = presentedCards[digits] === null;
      // A success is final; a decline may be followed by another card, as on a real reader.
      await db
        .update(testProviderPayments)
        .set({ status: approved ? 'succeeded' : 'failed', cardLast4: digits.slice(-4) })
        .where(and(eq(testProviderPayments.id, id), inArray(testProviderPayments.status, ['pending', 'failed'])));
      return retrieve(id);
    },
  };
}
