import { and, eq, isNull } from 'drizzle-orm';
import type { UpdateCardResponse } from '../../shared/contracts/memberships';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { payments } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentDeps } from '../payments/payment-deps';
import { ownMembership } from './cancel-membership';
import { beforeChange, memberNumberText, paymentDue } from './membership-rows';

/** Where the failure mails' link lands (My Bookings opens the Membership tab on this membership). */
export const membershipLink = (publicUrl: string, id: string) => `${publicUrl}/my-bookings?membership=${id}`;

/**
 * POST /api/family/memberships/:id/update-card (issue 40, "when money fails"): the family's own membership
 * whose renewal failed (past due, or paused after the last try; an admin's pause is not theirs to undo: 409).
 * - Stripe: a Billing Portal session for the membership's customer, back to the mails' link. There the
 *   family changes the card (or mandate) and pays the open invoice; Stripe's invoice.paid then makes the
 *   membership active again and extends it, once (billing-events.ts).
 * - TEST MODE: the overdue period's payment (the renewal job made it when it charged the old card, keyed
 *   per period; made here if the job has not run), answered for the TEST MODE card form. Paid with a good
 *   card, it goes through the one payment path: the period paid and the membership active again, once
 *   (apply-membership-payment.ts), and that card is the one later renewals charge (renew-memberships.ts).
 */
export async function startCardUpdate(
  deps: PaymentDeps & { email: string; id: string; now: Date },
): Promise<UpdateCardResponse> {
  const { db, provider, now } = deps;
  const m = await ownMembership(db, deps.email, deps.id);
  if (!paymentDue(m))
    throw new AppError(
      'membership_state',
      m.status === 'paused'
        ? 'This membership was paused by the venue. Please call us to start it again.'
        : 'Nothing is owed on this membership.',
    );
  const returnUrl = membershipLink(deps.publicUrl, m.id);

  if (m.provider === 'stripe') {
    if (!m.providerCustomerId || !provider.billing)
      throw new AppError('payment_unavailable', 'Card changes are not available just now. Please call us.');
    let url = '';
    await beforeChange(
      provider.billing.createPortalSession({ customerId: m.providerCustomerId, returnUrl }).then((s) => {
        url = s.url;
      }),
    );
    return { kind: 'redirect', url };
  }

  const period = m.periodsPaid + 1;
  const [due] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.membershipId, m.id), eq(payments.membershipPeriod, period)));
  if (due?.status === 'succeeded') throw new AppError('membership_state', 'This month is paid already.');
  if (due?.clientSecret) return { kind: 'card', clientSecret: due.clientSecret, amount: due.amountPence };

  // No try was made yet (or it did not reach the provider): the period's payment, with the renewal job's key.
  const { venue } = await publicCatalogue(db, now);
  let created: { providerPaymentId: string; clientSecret: string } = { providerPaymentId: '', clientSecret: '' };
  await beforeChange(
    provider
      .createPayment({
        amountPence: m.pricePence,
        idempotencyKey: `membership:${m.id}:period:${period}`,
        description: `${venue.name}: ${m.plan.name} (${memberNumberText(m.memberNumber)}), month ${period}`,
        email: m.email,
        metadata: { membershipId: m.id },
      })
      .then((c) => {
        created = c;
      }),
  );
  await db
    .insert(payments)
    .values({
      purpose: 'membership_renewal',
      membershipId: m.id,
      membershipPeriod: period,
      provider: 'test',
      amountPence: m.pricePence,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  await db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, clientSecret: created.clientSecret, updatedAt: now })
    .where(
      and(eq(payments.membershipId, m.id), eq(payments.membershipPeriod, period), isNull(payments.providerPaymentId)),
    );
  const [row] = await db
    .select({ clientSecret: payments.clientSecret, amountPence: payments.amountPence })
    .from(payments)
    .where(and(eq(payments.membershipId, m.id), eq(payments.membershipPeriod, period)));
  return { kind: 'card', clientSecret: row!.clientSecret!, amount: row!.amountPence };
}
