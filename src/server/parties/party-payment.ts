import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PartyPaymentResponse } from '../../shared/contracts/party-booking';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { partyBookings, payments } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentDeps } from '../payments/payment-deps';
import { getAppSecret } from '../security/app-secret';
import { manageTokenFor } from './party-access';
import { findParty, lockParty } from './party-view';

export type PartyPaymentKind = 'deposit' | 'balance';

const notPayable = (message: string) => new AppError('party_not_payable', message);

/**
 * Starts (or picks up again) a party's deposit or balance payment, as /api/create-booking-payment does for
 * tickets: the payment row is written under the party's lock before the provider is called, and the
 * provider is called after commit with an idempotency key, so nothing can be charged that we have no
 * record of and a retry never makes a second payment. The deposit needs a hold that has not run out (key
 * `<party id>:deposit`); the balance a confirmed party with something left to pay (key
 * `<party id>:balance:<paid so far>:<amount>`: the amount is in it because numbers may change the balance
 * between two tries). An open payment of the same kind and amount is answered again. Nothing is
 * confirmed here: applyPaymentStatus does that when the provider says the money arrived.
 * A provider that fails leaves the party as it was and answers 502 (the caller decides about the hold).
 */
export async function createPartyPayment(
  deps: PaymentDeps & { now: Date },
  partyId: string,
  kind: PartyPaymentKind,
): Promise<PartyPaymentResponse> {
  const { db, provider, now } = deps;
  const purpose = kind === 'deposit' ? 'party_deposit' : 'party_balance';
  const prepared = await db.transaction(async (tx) => {
    const party = await lockParty(tx, partyId);
    if (kind === 'deposit' && (party.status !== 'held' || !party.holdExpiresAt || party.holdExpiresAt <= now))
      throw notPayable('The time to pay the deposit has run out. Please book the party again.');
    if (kind === 'balance' && party.status !== 'confirmed')
      throw notPayable('This party is not booked, so there is nothing to pay.');
    const amountPence = kind === 'deposit' ? party.depositPence : party.totalPence - party.paidPence;
    if (amountPence <= 0) throw new AppError('party_nothing_due', 'There is nothing left to pay for this party.');
    const [open] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.partyBookingId, party.id),
          eq(payments.purpose, purpose),
          eq(payments.amountPence, amountPence),
          inArray(payments.status, ['pending', 'failed']),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    const payment =
      open ??
      (
        await tx
          .insert(payments)
          .values({
            purpose,
            partyBookingId: party.id,
            provider: provider.name,
            amountPence,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
      )[0]!;
    return { party, payment };
  });

  const { party, payment } = prepared;
  const secret = await getAppSecret(db);
  const answer = (clientSecret: string): PartyPaymentResponse => ({
    partyId: party.id,
    reference: party.reference,
    clientSecret,
    amountPence: payment.amountPence,
    manageToken: manageTokenFor(secret, party.id),
    holdExpiresAt: party.status === 'held' ? (party.holdExpiresAt?.toISOString() ?? null) : null,
  });
  if (payment.providerPaymentId && payment.clientSecret) return answer(payment.clientSecret);

  const { venue } = await publicCatalogue(db, now);
  let created: { providerPaymentId: string; clientSecret: string };
  try {
    created = await provider.createPayment({
      amountPence: payment.amountPence,
      idempotencyKey:
        kind === 'deposit' ? `${party.id}:deposit` : `${party.id}:balance:${party.paidPence}:${payment.amountPence}`,
      description: `${venue.name} party ${party.reference}: ${kind}`,
      email: party.parentEmail,
      metadata: { partyBookingId: party.id, reference: party.reference, kind },
    });
  } catch (err) {
    deps.log?.error({ err, partyId: party.id }, 'payment provider refused to create a party payment');
    await db
      .update(payments)
      .set({ status: 'canceled', updatedAt: now })
      .where(and(eq(payments.id, payment.id), isNull(payments.providerPaymentId)));
    throw new AppError('payment_unavailable', 'We could not start the payment just now. Please try again in a moment.');
  }
  await db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, clientSecret: created.clientSecret, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
  return answer(created.clientSecret);
}

/**
 * POST /api/parties/{id}/balance: what the family can pay now. A held party whose hold has not run out
 * (staff hold one for a phone caller) pays its deposit; a confirmed party what is left.
 */
export async function payWhatIsDue(deps: PaymentDeps & { now: Date }, partyId: string): Promise<PartyPaymentResponse> {
  const party = await findParty(deps.db, partyId, { lock: false });
  if (party.status === 'held' && party.holdExpiresAt && party.holdExpiresAt > deps.now)
    return createPartyPayment(deps, partyId, 'deposit');
  if (party.status === 'confirmed') return createPartyPayment(deps, partyId, 'balance');
  throw notPayable(
    party.status === 'cancelled'
      ? 'This party was cancelled, so there is nothing to pay.'
      : 'The time to pay the deposit has run out. Please book the party again or call us.',
  );
}

/** A hold whose deposit could not be started (provider down): the room is given back at once. */
export async function releasePartyHold(deps: Pick<PaymentDeps, 'db'> & { now: Date }, partyId: string): Promise<void> {
  await deps.db
    .update(partyBookings)
    .set({ status: 'expired', updatedAt: deps.now, version: sql`${partyBookings.version} + 1` })
    .where(and(eq(partyBookings.id, partyId), eq(partyBookings.status, 'held')));
}
