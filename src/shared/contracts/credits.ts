import { z } from './zod';

/**
 * The session-credit API contract (SPEC.md sections 3, 5, 7, 9), shared by /session-credits, the
 * booking page's lookup card and the server. Money is integer pence.
 */

/** Credits belong to an e-mail address, compared trimmed and case-insensitively. */
export { normaliseCreditEmail } from '../email';

/** POST /api/session-credits/purchase: the details form, with SPEC.md's messages. */
export const creditPurchaseSchema = z.object({
  customerName: z
    .string()
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(120, 'Name must be at most 120 characters'),
  customerEmail: z
    .string()
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  customerPhone: z
    .string()
    .trim()
    .min(10, 'Please enter a valid phone number')
    .max(30, 'Please enter a valid phone number'),
});
export type CreditPurchaseInput = z.input<typeof creditPurchaseSchema>;

export const creditPurchaseResponseSchema = z.object({
  clientSecret: z.string(),
  purchaseId: z.string(),
  credits: z.number().int(),
  /** What the card is charged, in pence. */
  amount: z.number().int(),
  /** Against buying the same sessions one by one, in pence. */
  savings: z.number().int(),
});
export type CreditPurchaseResponse = z.infer<typeof creditPurchaseResponseSchema>;

/** GET /api/session-credits/{email}: the e-mail in the path. */
export const creditEmailParamsSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
});

export const activeCreditBundleSchema = z.object({
  purchaseId: z.string(),
  creditsPurchased: z.number().int(),
  /** Credits of this bundle not yet used (the oldest bundle is used first). */
  creditsRemaining: z.number().int(),
  purchasedAt: z.string(),
  amountPaid: z.number().int(),
});
export type ActiveCreditBundle = z.infer<typeof activeCreditBundleSchema>;

/** An unknown e-mail answers success with no credits (not a 404). */
export const creditLookupResponseSchema = z.object({
  success: z.literal(true),
  /** Spendable now. */
  totalActiveCredits: z.number().int(),
  /** Reserved by a booking that is waiting for its payment (back if it is not paid). */
  creditsOnHold: z.number().int(),
  activeCredits: z.array(activeCreditBundleSchema),
});
export type CreditLookupResponse = z.infer<typeof creditLookupResponseSchema>;
