import { pricePenceSchema, versionSchema } from './catalogue';
import type { MembershipPlanDocument } from '../memberships';
import { z } from './zod';

/**
 * Memberships (issue 40, DECISIONS.md "Memberships"): the plans a venue sells, kept in the catalogue
 * (document 'membership_plans') and edited by admins like the rest. What a member has, pays and uses comes next.
 */

const id = z.string().regex(/^[a-z0-9-]{1,40}$/, 'Use lower-case letters, digits and dashes');

export const membershipPeriods = ['monthly', 'annual'] as const;
export type MembershipPeriod = (typeof membershipPeriods)[number];

export const membershipPlanSchema = z.object({
  id,
  name: z.string({ message: 'Please enter a name' }).trim().min(1, 'Please enter a name').max(60),
  description: z.string().trim().max(300).optional().default(''),
  pricePence: pricePenceSchema.refine((p) => p > 0, 'A plan costs something: at least 1p'),
  /** Monthly renews each month (a subscription); annual is paid once for a year. */
  period: z.enum(membershipPeriods, { message: 'Choose monthly or annual' }),
  /** The child ticket types it covers, for up to `children` named children of the family profile. */
  ticketTypeIds: z.array(id).min(1, 'Choose the tickets it covers').max(10),
  children: z.number().int().min(1, 'At least one child').max(8, 'At most 8 children'),
  /** The bands of days it covers (shared/day-types.ts); empty: every day. */
  bandIds: z.array(id).max(8),
  visitsPerDay: z.number().int().min(1).max(3),
  adultsFree: z.boolean(),
  active: z.boolean(),
});
export type MembershipPlan = z.infer<typeof membershipPlanSchema>;
// The stored shape (shared/memberships.ts) is exactly what the schema accepts.
const sameShape: [MembershipPlan] extends [MembershipPlanDocument]
  ? [MembershipPlanDocument] extends [MembershipPlan]
    ? true
    : false
  : false = true;
void sameShape;

/** PATCH /api/admin/catalogue/membership-plans: every plan, with the document's version (0 before the first edit). */
export const membershipPlansEditSchema = z
  .object({
    version: versionSchema.or(z.literal(0)),
    plans: z.array(membershipPlanSchema).max(12, 'At most 12 plans'),
  })
  .superRefine((doc, ctx) => {
    const ids = doc.plans.map((p) => p.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['plans'], message: 'Each plan needs its own id' });
  });
export type MembershipPlansEditInput = z.input<typeof membershipPlansEditSchema>;

/** GET /api/memberships/plans: the plans on sale, with the names of the days they cover. */
export const publicMembershipPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  pricePence: z.number().int(),
  period: z.enum(membershipPeriods),
  ticketTypeIds: z.array(z.string()),
  children: z.number().int(),
  /** "Off-peak days", or "Any day". */
  days: z.string(),
  visitsPerDay: z.number().int(),
  adultsFree: z.boolean(),
});
export const membershipPlansResponseSchema = z.object({ plans: z.array(publicMembershipPlanSchema) });
export type MembershipPlansResponse = z.infer<typeof membershipPlansResponseSchema>;

/** The statuses a membership moves through (server/db/schema.ts says what each means). */
export const membershipStatusValues = ['pending', 'active', 'past_due', 'paused', 'cancelled', 'ended'] as const;
export type MembershipStatus = (typeof membershipStatusValues)[number];

/** POST /api/memberships: a plan on sale and the children of the signed-in family's profile it covers. */
export const joinMembershipSchema = z.object({
  planId: id,
  childIds: z
    .array(z.uuid('Unknown child'), { message: 'Choose the children it covers' })
    .min(1, 'Choose at least one child')
    .max(8, 'At most 8 children')
    .refine((ids) => new Set(ids).size === ids.length, 'Each child once'),
});
export type JoinMembershipInput = z.input<typeof joinMembershipSchema>;

/** Answers like /api/create-booking-payment: the client secret the payment form confirms. */
export const joinMembershipResponseSchema = z.object({
  clientSecret: z.string(),
  membershipId: z.string(),
  memberNumber: z.string(),
  /** The first payment, in pence. */
  amount: z.number().int(),
  period: z.enum(membershipPeriods),
  /** True when the payment starts a Stripe Billing subscription (the card is kept for the renewals). */
  subscription: z.boolean(),
});
export type JoinMembershipResponse = z.infer<typeof joinMembershipResponseSchema>;

export const membershipIdParamsSchema = z.object({ id: z.uuid('Unknown membership') });

export const membershipCancelModes = ['end_of_period', 'cooling_off'] as const;
/**
 * The cooling-off cancel's visits booked ahead that the membership pays for (issue 46): `cancel` them (places
 * back, a mail, whatever else was paid on them refunded), or `keep` them and pay for them: their worth stays off
 * the refund, as if bought at the price of the day they were booked.
 */
export const futureVisitsChoices = ['cancel', 'keep'] as const;
export type FutureVisitsChoice = (typeof futureVisitsChoices)[number];
/**
 * POST /api/family/memberships/:id/cancel: by default it runs to the end of the period paid. A cooling-off
 * cancel with visits booked ahead says what becomes of them (`futureVisits`; without it: 400).
 */
export const cancelMembershipSchema = z.object({
  mode: z.enum(membershipCancelModes, { message: 'Choose end of period or cooling-off' }).default('end_of_period'),
  futureVisits: z.enum(futureVisitsChoices, { message: 'Choose to cancel or keep the visits booked ahead' }).optional(),
});

/** A visit the membership paid for, as the cooling-off preview lists it. */
export const coveredVisitSchema = z.object({
  reference: z.string(),
  /** The visit's date (yyyy-MM-dd) and session ("12:00-14:00", or "All day"). */
  visitDate: z.string(),
  session: z.string(),
  /** Children's places the membership paid for on it, and what its places were worth (grown-ups free included). */
  visits: z.number().int(),
  valuePence: z.number().int(),
});
/**
 * GET /api/family/memberships/:id/cooling-off: what cancelling now with a refund comes to, before the family
 * confirms. The refund is the first payment less what the membership paid for on visits made (checked in, or
 * started); visits booked ahead are cancelled (refund `ifCancelled`) or kept and paid for (refund `ifKept`).
 */
export const coolingOffPreviewSchema = z.object({
  paidPence: z.number().int(),
  made: z.object({ visits: z.number().int(), valuePence: z.number().int() }),
  future: z.array(coveredVisitSchema),
  refundPence: z.object({ ifCancelled: z.number().int(), ifKept: z.number().int() }),
  coolingOffUntil: z.string(),
});
export type CoolingOffPreview = z.infer<typeof coolingOffPreviewSchema>;

const membershipView = {
  id: z.string(),
  memberNumber: z.string(),
  planId: z.string(),
  planName: z.string(),
  period: z.enum(membershipPeriods),
  pricePence: z.number().int(),
  status: z.enum(membershipStatusValues),
  /** ISO instants; null while the first payment is not in. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  coolingOffUntil: z.string(),
  children: z.array(z.object({ id: z.string(), firstName: z.string() })),
  /** The plan as sold: the bands of days it covers (empty: every day), the child tickets it pays for, adults free. */
  bandIds: z.array(z.string()),
  ticketTypeIds: z.array(z.string()),
  adultsFree: z.boolean(),
  /**
   * A renewal failed (being retried, or paused after the last try): the family may update the card and pay
   * what is due (POST /api/family/memberships/:id/update-card). False when an admin paused it.
   */
  paymentDue: z.boolean(),
};
export const familyMembershipSchema = z.object({
  ...membershipView,
  /** The member card's QR (a data: URL) while the card opens the door: the kiosk scans it (issue 40). */
  cardQr: z.string().optional(),
});
export type FamilyMembership = z.infer<typeof familyMembershipSchema>;
export const familyMembershipsResponseSchema = z.object({ memberships: z.array(familyMembershipSchema) });
export type FamilyMembershipsResponse = z.infer<typeof familyMembershipsResponseSchema>;

export const cancelMembershipResponseSchema = z.object({
  membership: familyMembershipSchema,
  /** What goes back (cooling-off only; 0 otherwise), in pence. */
  refundPence: z.number().int(),
  message: z.string(),
});
export type CancelMembershipResponse = z.infer<typeof cancelMembershipResponseSchema>;

/**
 * POST /api/family/memberships/:id/update-card (a renewal failed): with Stripe, the Billing Portal's page to go
 * to (`redirect`); in TEST MODE, the overdue period's payment for the TEST MODE card form (`card`): the card it
 * is paid with is the one later renewals are taken from.
 */
export const updateCardResponseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({ kind: z.literal('card'), clientSecret: z.string(), amount: z.number().int() }),
]);
export type UpdateCardResponse = z.infer<typeof updateCardResponseSchema>;

/** GET /api/admin/memberships?q=&status=: search by name, e-mail or member number (M1001 or 1001). */
export const adminMembershipQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(membershipStatusValues, { message: 'Unknown status' }).optional(),
});
export const adminMembershipSchema = z.object({
  ...membershipView,
  email: z.string(),
  /** The first adult named on the family profile, if any. */
  name: z.string().nullable(),
  /** When it renews (or ends, when it will not): the end of the period paid. */
  renewsOn: z.string().nullable(),
  /** Children's visits it paid for since its current period began (paid bookings). */
  visitsThisPeriod: z.number().int(),
  statusReason: z.string().nullable(),
});
export const adminMembershipsResponseSchema = z.object({ memberships: z.array(adminMembershipSchema) });
export type AdminMembershipsResponse = z.infer<typeof adminMembershipsResponseSchema>;

/** POST /api/admin/memberships/:id/{pause,resume,end}: always with a reason (audited). */
export const adminMembershipActionSchema = z.object({
  reason: z.string({ message: 'Please give a reason' }).trim().min(3, 'Please give a reason').max(300),
});
export const adminMembershipActions = ['pause', 'resume', 'end'] as const;
export type AdminMembershipAction = (typeof adminMembershipActions)[number];
/** What an admin's action answers: the membership as it is now. */
export const adminMembershipActionResponseSchema = z.object({ membership: familyMembershipSchema });

/** POST /api/family/memberships/:id/replace-card (issue 46): a new member card; the old one stops at once. */
export const replaceCardResponseSchema = z.object({ replaced: z.literal(true), message: z.string() });
export type ReplaceCardResponse = z.infer<typeof replaceCardResponseSchema>;
