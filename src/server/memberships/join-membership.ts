import { and, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { JoinMembershipResponse, joinMembershipSchema } from '../../shared/contracts/memberships';
import { catalogueOf, publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { familyChildren, familyProfiles, membershipChildren, memberships, payments } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentDeps } from '../payments/payment-deps';
import { JOIN_HOLD_MS, joinHoldsChildren } from './join-expiry';
import { addDaysTo, COOLING_OFF_DAYS, memberNumberText, STARTED } from './membership-rows';

/** Unpaid joins one family may have started in the last 15 minutes (as the cap on unpaid bookings). */
const MAX_PENDING_JOINS = 3;

/**
 * POST /api/memberships for the family session's address: the plan (on sale, from the catalogue, priced by
 * the server) and children of that family's profile (another family's or a guessed id: 404, nothing
 * written). A pending membership, its children and its first payment row in one transaction, then the
 * provider after commit, as gift vouchers and credit bundles do. A monthly plan with Stripe is a Stripe
 * Billing subscription whose first invoice is that payment; otherwise (annual, or TEST MODE) a one-off
 * payment. Nothing is usable until the payment succeeds (apply-membership-payment.ts).
 */
export async function joinMembership(
  opts: PaymentDeps & { email: string; input: z.infer<typeof joinMembershipSchema>; now: Date },
): Promise<JoinMembershipResponse> {
  const { db, email, input, now, provider } = opts;
  const plan = (await catalogueOf(db)).membershipPlans.value.plans.find((p) => p.id === input.planId && p.active);
  if (!plan)
    throw new AppError('plan_not_on_sale', 'That plan is not on sale.', {
      fields: { planId: ['Please choose a plan from the list'] },
    });
  if (input.childIds.length > plan.children)
    throw new AppError('invalid_input', `The ${plan.name} covers up to ${plan.children} named children.`, {
      fields: { childIds: [`Choose up to ${plan.children}`] },
    });

  const membership = await db.transaction(async (tx) => {
    // The family's profile row serialises its joins: the checks below cannot race a second join.
    const [profile] = await tx.select().from(familyProfiles).where(eq(familyProfiles.email, email)).for('update');
    const mine = profile
      ? await tx
          .select({ id: familyChildren.id })
          .from(familyChildren)
          .where(and(eq(familyChildren.email, email), inArray(familyChildren.id, input.childIds)))
      : [];
    if (mine.length !== input.childIds.length)
      throw new AppError('not_found', 'That child is not on your family profile.', {
        fields: { childIds: ['Choose children from your family profile'] },
      });
    // One membership per child (DECISIONS.md "Memberships keep their money straight"): one started and not
    // over, or a join still waiting for its payment (join-expiry.ts joinHoldsChildren), counts as taken.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`membership-join:${email}`}))`);
    const [covered] = await tx
      .select({ n: count() })
      .from(membershipChildren)
      .innerJoin(memberships, eq(memberships.id, membershipChildren.membershipId))
      .where(
        and(
          inArray(membershipChildren.childId, input.childIds),
          or(inArray(memberships.status, STARTED), joinHoldsChildren(now)),
        ),
      );
    if (covered!.n > 0)
      throw new AppError(
        'already_member',
        'A child you chose already has a membership, or one waiting for its payment. A payment that does not go through frees the child after 15 minutes; a bank payment once the bank says so.',
        { fields: { childIds: ['Already a member'] } },
      );
    const [pending] = await tx
      .select({ n: count() })
      .from(memberships)
      .where(
        and(
          eq(memberships.email, email),
          eq(memberships.status, 'pending'),
          gt(memberships.createdAt, new Date(now.getTime() - JOIN_HOLD_MS)),
        ),
      );
    if (pending!.n >= MAX_PENDING_JOINS)
      throw new AppError(
        'too_many_pending_payments',
        'You have memberships waiting for payment. Please finish one or wait 15 minutes.',
      );

    const [row] = await tx
      .insert(memberships)
      .values({
        email,
        planId: plan.id,
        plan,
        pricePence: plan.pricePence,
        period: plan.period,
        provider: provider.name,
        joinedAt: now,
        coolingOffUntil: addDaysTo(now, COOLING_OFF_DAYS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(membershipChildren).values(input.childIds.map((childId) => ({ membershipId: row!.id, childId })));
    await tx.insert(payments).values({
      purpose: 'membership',
      membershipId: row!.id,
      membershipPeriod: 1,
      provider: provider.name,
      amountPence: plan.pricePence,
      createdAt: now,
      updatedAt: now,
    });
    return row!;
  });

  const { venue } = await publicCatalogue(db, now);
  const subscription = plan.period === 'monthly' && !!provider.billing;
  let created: { providerPaymentId: string; clientSecret: string };
  try {
    if (subscription) {
      const sub = await provider.billing!.createSubscription({
        email,
        idempotencyKey: membership.id,
        productId: `membership-${plan.id}`,
        productName: `${venue.name}: ${plan.name}`,
        amountPence: plan.pricePence,
        interval: 'month',
        metadata: { membershipId: membership.id },
      });
      await db
        .update(memberships)
        .set({ providerCustomerId: sub.customerId, providerSubscriptionId: sub.subscriptionId })
        .where(eq(memberships.id, membership.id));
      created = sub;
    } else {
      created = await provider.createPayment({
        amountPence: plan.pricePence,
        idempotencyKey: membership.id,
        description: `${venue.name}: ${plan.name} (${memberNumberText(membership.memberNumber)})`,
        email,
        metadata: { membershipId: membership.id },
      });
    }
  } catch (err) {
    opts.log?.error({ err, membershipId: membership.id }, 'payment provider refused to start a membership payment');
    await abandonJoin(db, membership.id);
    throw new AppError('payment_unavailable', 'We could not start the payment just now. Please try again in a moment.');
  }
  await db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, clientSecret: created.clientSecret, updatedAt: sql`now()` })
    .where(and(eq(payments.membershipId, membership.id), eq(payments.membershipPeriod, 1)));
  return {
    clientSecret: created.clientSecret,
    membershipId: membership.id,
    memberNumber: memberNumberText(membership.memberNumber),
    amount: membership.pricePence,
    period: membership.period,
    subscription,
  };
}

/** The provider never answered: nothing was paid, so the pending membership and its payment row go at once. */
async function abandonJoin(db: Db, membershipId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(payments)
      .where(and(eq(payments.membershipId, membershipId), isNull(payments.providerPaymentId)))
      .returning({ id: payments.id });
    if (gone.length)
      await tx.delete(memberships).where(and(eq(memberships.id, membershipId), eq(memberships.status, 'pending')));
  });
}
