import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PartyDuePaymentResponse } from '../../shared/contracts/party-booking';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { partyBookings, payments } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentDeps } from '../payments/payment-deps';
import { getAppSecret } from '../security/app-secret';
import { lockPartySlot } from './allocate-room';
import { manageTokenFor } from './party-access';
import { spendGiftVoucherOnParty } from './party-gift-voucher';
import { findParty, lockParty } from './party-view';
import { settlementContext, settlePartyByVoucher } from './settle-party-by-voucher';

export type PartyPaymentKind = 'deposit' | 'balance';

const notPayable = (message: string) => new AppError('party_not_payable', message);

/**
 * Starts (or picks up again) a party's deposit or balance payment, as /api/create-booking-payment does for
 * tickets: the payment row is written under the party's lock before the provider is called, and the
 * provider is called after commit with an idempotency key, so nothing can be charged that we have no
 * record of and a retry never makes a second payment. The deposit needs a hold that has not run out, the
 * balance a confirmed party with something left to pay; the key is `<party id>:<kind>:<paid so far>:<amount>`
 * (numbers or a gift voucher may change the amount between two tries). An open payment of the
 * same kind and amount is answered again. Nothing is confirmed here by card: applyPaymentStatus does that
 * when the provider says the money arrived.
 * With `voucherCode`, a gift voucher first pays what it can of what is due, in the same transaction
 * (party-gift-voucher.ts: slot, party, then voucher); the card pays the rest. A voucher that pays it all
 * confirms the party (or pays the balance) at once, with no provider payment (settle-party-by-voucher.ts).
 * A refused voucher writes nothing (400 on voucherCode). A provider that fails leaves the party as it was
 * (what a voucher paid stays paid towards it) and answers 502 (the caller decides about the hold).
 */
export async function createPartyPayment(
  deps: PaymentDeps & { now: Date },
  partyId: string,
  kind: PartyPaymentKind,
  opts: { voucherCode?: string } = {},
): Promise<PartyDuePaymentResponse> {
  const { db, provider, now } = deps;
  const purpose = kind === 'deposit' ? 'party_deposit' : 'party_balance';
  const voucherCode = opts.voucherCode?.trim() || undefined;
  // Read before the transaction: what a voucher that pays it all needs for the confirmation and its mail.
  const settling = voucherCode ? await settlementContext(db, deps.publicUrl, now) : null;
  const prepared = await db.transaction(async (tx) => {
    // A voucher may confirm the party: the slot is locked first, as every confirmation does.
    if (voucherCode) {
      const where = await findParty(tx, partyId, { lock: false });
      await lockPartySlot(tx, where.partyDate, where.slotId);
    }
    let party = await lockParty(tx, partyId);
    if (kind === 'deposit' && (party.status !== 'held' || !party.holdExpiresAt || party.holdExpiresAt <= now))
      throw notPayable('The time to pay the deposit has run out. Please book the party again.');
    if (kind === 'balance' && party.status !== 'confirmed')
      throw notPayable('This party is not booked, so there is nothing to pay.');
    // A held party's paid_pence is what gift vouchers have paid of its deposit so far.
    const duePence = (kind === 'deposit' ? party.depositPence : party.totalPence) - party.paidPence;
    if (duePence <= 0) throw new AppError('party_nothing_due', 'There is nothing left to pay for this party.');
    let giftVoucherPence = 0;
    if (voucherCode && settling) {
      const spent = await spendGiftVoucherOnParty(tx, { party, code: voucherCode, duePence, now });
      giftVoucherPence = spent.spentPence;
      party = spent.party;
      if (spent.spentPence === duePence) {
        party = await settlePartyByVoucher(tx, { party, kind, spentPence: spent.spentPence, now, ...settling });
        return { party, payment: null, giftVoucherPence };
      }
    }
    const amountPence = duePence - giftVoucherPence;
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
    return { party, payment, giftVoucherPence };
  });

  const { party, payment, giftVoucherPence } = prepared;
  const secret = await getAppSecret(db);
  const answer = (clientSecret: string | null): PartyDuePaymentResponse => ({
    partyId: party.id,
    reference: party.reference,
    kind,
    clientSecret,
    amountPence: payment?.amountPence ?? 0,
    giftVoucherPence,
    paidInFull: payment === null,
    manageToken: manageTokenFor(secret, party.id),
    holdExpiresAt: party.status === 'held' ? (party.holdExpiresAt?.toISOString() ?? null) : null,
  });
  if (!payment) return answer(null);
  if (payment.providerPaymentId && payment.clientSecret) return answer(payment.clientSecret);

  const { venue } = await publicCatalogue(db, now);
  let created: { providerPaymentId: string; clientSecret: string };
  try {
    created = await provider.createPayment({
      amountPence: payment.amountPence,
      // The amount is in the key: numbers changed on a held party (a lower deposit) or a gift voucher's
      // part make a new payment, which the provider would refuse under the old key.
      idempotencyKey: `${party.id}:${kind}:${party.paidPence}:${payment.amountPence}`,
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
 * POST /api/parties/{id}/balance: what the family can pay now, with a gift voucher if it gives one. A held
 * party whose hold has not run out (just booked online, or held by staff for a phone caller) pays its
 * deposit; a confirmed party what is left.
 */
export async function payWhatIsDue(
  deps: PaymentDeps & { now: Date },
  partyId: string,
  opts: { voucherCode?: string } = {},
): Promise<PartyDuePaymentResponse> {
  const party = await findParty(deps.db, partyId, { lock: false });
  if (party.status === 'held' && party.holdExpiresAt && party.holdExpiresAt > deps.now)
    return createPartyPayment(deps, partyId, 'deposit', opts);
  if (party.status === 'confirmed') return createPartyPayment(deps, partyId, 'balance', opts);
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
