import { uuidSchema } from './admin-inquiries';
import { isoDateSchema } from './booking';
import { z } from './zod';

/**
 * Families the venue knows (issue 39, DECISIONS.md "Families the venue knows"): the family profile of a
 * proven e-mail address (adults, children, the birthday reminder consent) and the visit agreement.
 */

export const MAX_ADULTS = 4;
export const MAX_CHILDREN = 8;

// A name has no markup: < and > are refused rather than stored (they are escaped wherever shown anyway).
const name = (label: string, max: number) =>
  z
    .string({ message: `Please enter ${label}` })
    .trim()
    .min(1, `Please enter ${label}`)
    .max(max, `Must be at most ${max} characters`)
    .refine((n) => !/[<>]/.test(n), 'Please type the name without < or >');

export const profileAdultSchema = z.object({
  name: name('a name', 80),
  phone: z
    .string()
    .trim()
    .max(30, 'Must be at most 30 characters')
    .regex(/^[0-9 +()-]*$/, 'Please enter a valid phone number')
    .optional()
    .default(''),
});

export const profileChildSchema = z.object({
  /** Absent for a child added now; an existing child keeps its id (acceptances name it). */
  id: uuidSchema.optional(),
  firstName: name('a first name', 40),
  dateOfBirth: isoDateSchema,
  notes: z.string().trim().max(500, 'Must be at most 500 characters').optional().default(''),
});

/** PUT /api/family/profile: the whole profile; version 0 creates it. */
export const familyProfileEditSchema = z
  .object({
    version: z.number({ message: 'Missing version' }).int().min(0),
    adults: z.array(profileAdultSchema).max(MAX_ADULTS, `At most ${MAX_ADULTS} adults`),
    children: z.array(profileChildSchema).max(MAX_CHILDREN, `At most ${MAX_CHILDREN} children`),
    birthdayReminders: z.boolean(),
  })
  .superRefine((p, ctx) => {
    const ids = p.children.flatMap((c) => (c.id ? [c.id] : []));
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['children'], message: 'A child is listed twice' });
  });
export type FamilyProfileEditInput = z.input<typeof familyProfileEditSchema>;

export const profileChildResponseSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  dateOfBirth: z.string(),
  notes: z.string(),
});
export const familyProfileResponseSchema = z.object({
  email: z.string(),
  /** 0: no profile yet (the first PUT creates it). */
  version: z.number().int(),
  adults: z.array(z.object({ name: z.string(), phone: z.string() })),
  children: z.array(profileChildResponseSchema),
  birthdayReminders: z.boolean(),
  birthdayRemindersChangedAt: z.string().nullable(),
});
export type FamilyProfileResponse = z.infer<typeof familyProfileResponseSchema>;

/** GET /api/agreement: the version in force today. */
export const agreementResponseSchema = z.object({
  version: z.number().int(),
  text: z.string(),
  effectiveFrom: z.string(),
});
export type AgreementResponse = z.infer<typeof agreementResponseSchema>;

/** POST /api/family/agreements: an adult accepts a version for named children of the profile. */
export const acceptAgreementSchema = z.object({
  version: z.number({ message: 'Missing version' }).int().min(1),
  fullName: name('your full name', 120).refine((n) => /\S+\s+\S+/.test(n), 'Please enter your full name'),
  accept: z.literal(true, { message: 'Please tick to accept the rules of play' }),
  childIds: z.array(uuidSchema).min(1, 'Choose the children it is for').max(MAX_CHILDREN),
});
export type AcceptAgreementInput = z.input<typeof acceptAgreementSchema>;

export const acceptanceSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  fullName: z.string(),
  childIds: z.array(z.string()),
  childNames: z.array(z.string()),
  acceptedVia: z.string(),
  acceptedAt: z.string(),
  /** Of the version in force today: a newer version makes it stale. */
  current: z.boolean(),
});
/** GET /api/family/agreements */
export const familyAgreementsResponseSchema = z.object({
  agreement: agreementResponseSchema,
  acceptances: z.array(acceptanceSchema),
  /** The profile's children without an acceptance of the version in force. */
  childrenToAccept: z.array(z.object({ id: z.string(), firstName: z.string() })),
});
export type FamilyAgreementsResponse = z.infer<typeof familyAgreementsResponseSchema>;

/** PATCH /api/admin/catalogue/agreement: publish a new version; `version` is the newest one the editor saw. */
export const publishAgreementSchema = z.object({
  version: z.number({ message: 'Missing version' }).int().min(1),
  text: z
    .string({ message: 'Please enter the agreement' })
    .trim()
    .min(20, 'Please enter the agreement')
    .max(10_000, 'Must be at most 10,000 characters'),
  effectiveFrom: isoDateSchema,
});
export type PublishAgreementInput = z.input<typeof publishAgreementSchema>;

/** GET and POST /api/unsubscribe/:token (the birthday reminders' one-click unsubscribe, RFC 8058). */
export const unsubscribeParamsSchema = z.object({ token: z.string().min(10).max(300) });
export const unsubscribeResponseSchema = z.object({ subscribed: z.boolean() });

/** GET and PATCH /api/admin/catalogue/agreement: every version, newest first (the next may start later). */
export const agreementVersionsResponseSchema = z.object({ versions: z.array(agreementResponseSchema) });
export type AgreementVersionsResponse = z.infer<typeof agreementVersionsResponseSchema>;
