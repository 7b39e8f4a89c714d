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
