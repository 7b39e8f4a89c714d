import { rewardIds } from './loyalty';
import { z } from './zod';

/**
 * Vouchers used at the venue (DECISIONS.md "Staff accounts and devices"): a free hot drink or the party
 * discount, looked up by the code the family shows and marked used by staff, once.
 */

/** GET /api/admin/vouchers/:code and POST /api/admin/vouchers/:code/use: typed as read out (spaces, any case). */
export const voucherCodeParamsSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Please enter the voucher code')
    .max(40, 'Must be at most 40 characters')
    .regex(/^[A-Za-z0-9 -]+$/, 'Use the letters, digits and dashes of the code'),
});
export type VoucherCodeInput = z.input<typeof voucherCodeParamsSchema>;

export const venueVoucherDtoSchema = z.object({
  code: z.string(),
  rewardId: z.enum(rewardIds),
  title: z.string(),
  /** What it gives, in words ("One free hot drink"). */
  value: z.string(),
  /** Only a venue voucher can be used here; the booking ones are used online. */
  usedWhere: z.enum(['venue', 'booking']),
  status: z.enum(['issued', 'held', 'used', 'void']),
  issuedAt: z.string(),
  usedAt: z.string().nullable(),
  usedBy: z.string().nullable(),
});
export type VenueVoucherDto = z.infer<typeof venueVoucherDtoSchema>;
/** GET /api/admin/vouchers/:code and POST /api/admin/vouchers/:code/use */
export const venueVoucherResponseSchema = z.object({ voucher: venueVoucherDtoSchema });
export type VenueVoucherResponse = z.infer<typeof venueVoucherResponseSchema>;
