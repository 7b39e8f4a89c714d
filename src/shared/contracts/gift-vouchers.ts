import { isCalendarDate } from '../calendar-date';
import { GIFT_VOUCHER_MAX_PENCE, GIFT_VOUCHER_MESSAGE_MAX, GIFT_VOUCHER_MIN_PENCE } from '../gift-voucher-limits';
import { z } from './zod';

/**
 * The gift voucher API contract (issue 29; DECISIONS.md "Gift vouchers and waiting lists"), shared by
 * /gift-vouchers, the printable voucher, the staff tab and the server. Money is integer pence.
 */

export * from '../gift-voucher-limits';

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(2, `${label} must be at least 2 characters`)
    .max(120, `${label} must be at most 120 characters`);
const email = z
  .string()
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));
// A real calendar date (a well-formed '2026-12-45' would otherwise reach the database and fail there).
const ymd = z
  .string()
  .regex(/^20\d{2}-\d{2}-\d{2}$/, 'Please choose a date')
  .refine(isCalendarDate, 'Please choose a date');

/** Control characters other than line breaks have no place in a plain-text message. */
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;

/** POST /api/gift-vouchers: the buy form. The send date's range is checked by the server against today. */
export const giftVoucherPurchaseSchema = z
  .object({
    kind: z.enum(['amount', 'visit'], 'Please choose an amount or a visit'),
    /** For an amount voucher: whole pounds from £10 to £200, in pence. */
    amountPence: z.number().int('Please choose a whole number of pounds').optional(),
    /** For a visit voucher: a ticket type from the catalogue, priced as today. */
    ticketTypeId: z.string().trim().min(1).max(64).optional(),
    recipientName: name("The recipient's name"),
    recipientEmail: email,
    message: z
      .string()
      .max(GIFT_VOUCHER_MESSAGE_MAX, `Your message must be at most ${GIFT_VOUCHER_MESSAGE_MAX} characters`)
      .refine((m) => !controlCharacters.test(m), 'Please use plain text in your message')
      .default(''),
    sendOn: ymd,
    buyerName: name('Your name'),
    buyerEmail: email,
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'amount') {
      const p = v.amountPence;
      if (p === undefined || p < GIFT_VOUCHER_MIN_PENCE || p > GIFT_VOUCHER_MAX_PENCE || p % 100 !== 0)
        ctx.addIssue({
          code: 'custom',
          path: ['amountPence'],
          message: 'Please choose a whole number of pounds from £10 to £200',
        });
    } else if (!v.ticketTypeId) {
      ctx.addIssue({ code: 'custom', path: ['ticketTypeId'], message: 'Please choose the visit to give' });
    }
  });
export type GiftVoucherPurchaseInput = z.input<typeof giftVoucherPurchaseSchema>;

export const giftVoucherPurchaseResponseSchema = z.object({
  clientSecret: z.string(),
  voucherId: z.string(),
  /** What the card is charged, in pence (the voucher's value). */
  amount: z.number().int(),
  kind: z.enum(['amount', 'visit']),
  /** Opens the printable voucher once it is paid (the buyer's own link, as in the receipt mail). */
  printToken: z.string(),
});
export type GiftVoucherPurchaseResponse = z.infer<typeof giftVoucherPurchaseResponseSchema>;

/** GET /api/gift-vouchers/{code}: the code as typed (spaces, dashes and case do not matter). */
export const giftVoucherCodeParamsSchema = z.object({ code: z.string().trim().min(1).max(64) });

/** A voucher's state for whoever holds its code. */
export const giftVoucherBalanceSchema = z.object({
  status: z.enum(['active', 'expired', 'void']),
  kind: z.enum(['amount', 'visit']),
  /** A visit voucher's ticket type, as sold. */
  ticketTypeTitle: z.string().nullable(),
  balance: z.number().int(),
  initial: z.number().int(),
  /** The last day it can be spent. */
  expiresOn: z.string(),
  /** The last four characters, so the holder can tell vouchers apart. */
  last4: z.string(),
});
export type GiftVoucherBalance = z.infer<typeof giftVoucherBalanceSchema>;

/** GET /api/gift-vouchers/print?token=: the buyer's or the recipient's link (never the code itself). */
export const giftVoucherPrintQuerySchema = z.object({ token: z.string().trim().min(10).max(200) });

export const giftVoucherPrintSchema = z.object({
  code: z.string(),
  /** The code as a QR image (PNG data URL) for the till to scan. */
  qr: z.string(),
  kind: z.enum(['amount', 'visit']),
  ticketTypeTitle: z.string().nullable(),
  initial: z.number().int(),
  balance: z.number().int(),
  recipientName: z.string(),
  buyerName: z.string(),
  message: z.string(),
  expiresOn: z.string(),
  status: z.enum(['active', 'expired', 'void']),
  venueName: z.string(),
});
export type GiftVoucherPrint = z.infer<typeof giftVoucherPrintSchema>;

// The staff tab: /api/admin/gift-vouchers.

export const staffGiftVoucherQuerySchema = z.object({
  /** A whole code finds its voucher; anything else searches the last four, names and e-mails. */
  q: z.string().trim().max(120).optional(),
});

export const staffGiftVoucherIdParamsSchema = z.object({ id: z.uuid('Unknown voucher') });

export const staffGiftVoucherSummarySchema = z.object({
  id: z.string(),
  /** GV-••••-••••-••••-••••-ABCD: never the whole code. */
  maskedCode: z.string(),
  kind: z.enum(['amount', 'visit']),
  ticketTypeTitle: z.string().nullable(),
  initial: z.number().int(),
  balance: z.number().int(),
  status: z.enum(['pending_payment', 'active', 'expired', 'void']),
  expiresOn: z.string(),
  sendOn: z.string(),
  sentAt: z.string().nullable(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  createdAt: z.string(),
});
export type StaffGiftVoucherSummary = z.infer<typeof staffGiftVoucherSummarySchema>;

export const staffGiftVoucherListSchema = z.object({ vouchers: z.array(staffGiftVoucherSummarySchema) });
export type StaffGiftVoucherList = z.infer<typeof staffGiftVoucherListSchema>;

export const giftVoucherLedgerEntrySchema = z.object({
  kind: z.enum(['purchase', 'redeem', 'refund_to_voucher', 'extend', 'void', 'reissue']),
  /** Signed: a redeem or a void takes value off. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  actor: z.string(),
  reason: z.string().nullable(),
  expiresOnBefore: z.string().nullable(),
  expiresOnAfter: z.string().nullable(),
  /** A reissue: the other voucher's masked code. */
  otherMaskedCode: z.string().nullable(),
  at: z.string(),
});
export type GiftVoucherLedgerEntry = z.infer<typeof giftVoucherLedgerEntrySchema>;

export const staffGiftVoucherDetailSchema = staffGiftVoucherSummarySchema.extend({
  message: z.string(),
  voidReason: z.string().nullable(),
  reissuedToMaskedCode: z.string().nullable(),
  history: z.array(giftVoucherLedgerEntrySchema),
});
export type StaffGiftVoucherDetail = z.infer<typeof staffGiftVoucherDetailSchema>;

const reason = z
  .string()
  .trim()
  .min(3, 'Please give a reason (at least 3 characters)')
  .max(300, 'Please keep the reason under 300 characters');

export const giftVoucherExtendSchema = z.object({ expiresOn: ymd, reason });
export const giftVoucherVoidSchema = z.object({ reason });
export const giftVoucherReissueSchema = z.object({ reason });
export type GiftVoucherExtendInput = z.infer<typeof giftVoucherExtendSchema>;

/** One month of the liability report (venue-local months), in pence. */
export const giftVoucherLiabilityMonthSchema = z.object({
  month: z.string(),
  /** Paid for in the month. */
  sold: z.number().int(),
  /** Spent on bookings and parties, less what cancellations gave back. */
  redeemed: z.number().int(),
  /** Left unspent on vouchers whose last day fell in the month. */
  expired: z.number().int(),
  /** Written off by staff (void) or a refunded payment. */
  voided: z.number().int(),
  /** Still owed at the month's end: sold so far less redeemed, expired and voided so far. */
  outstanding: z.number().int(),
});
export const giftVoucherLiabilitySchema = z.object({
  months: z.array(giftVoucherLiabilityMonthSchema),
  /** Owed today: the balances of active vouchers not yet expired. */
  outstandingNow: z.number().int(),
});
export type GiftVoucherLiability = z.infer<typeof giftVoucherLiabilitySchema>;
