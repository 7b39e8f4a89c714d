import { daysBetween } from '../dates';
import { isoDateSchema } from './booking';
import { z } from './zod';

/**
 * Takings the accountant can file (issue 50, DECISIONS.md "Takings the accountant can file"): the accounts
 * settings, the VAT summary, the daily journal for Xero and Stripe's payouts. Money is integer pence; a VAT
 * rate is in basis points (2000 = 20%).
 */

/** What a line of takings sold: its income account. A gift voucher's sale is a liability, not income. */
export const incomeKinds = ['admission', 'cafe', 'shop', 'parties', 'memberships', 'credits'] as const;
export type IncomeKind = (typeof incomeKinds)[number];
export const vatLineKinds = [...incomeKinds, 'gift_voucher'] as const;
export type VatLineKind = (typeof vatLineKinds)[number];

/** Every account the journal posts to, with its code and Xero tax-rate name in the settings. */
export const accountKinds = [
  ...incomeKinds,
  'gift_voucher_liability',
  'deferred_income',
  'stripe_clearing',
  'cash',
  'stripe_fees',
  'bank',
] as const;
export type AccountKind = (typeof accountKinds)[number];

const rateBp = z.number().int().min(0).max(10_000);

const accountSchema = z.object({
  accountCode: z.string().trim().min(1, 'Please give an account code').max(10),
  taxRateName: z.string().trim().min(1, 'Please give a Xero tax rate').max(50),
});

/** A dated VAT rate for one kind of income: applies from its date (a later one replaces it). */
export const vatRateSettingSchema = z.object({
  kind: z.enum(incomeKinds),
  from: isoDateSchema,
  rateBasisPoints: rateBp,
});
export type VatRateSetting = z.infer<typeof vatRateSettingSchema>;

export const accountsSettingsSchema = z.object({
  vatRegistered: z.boolean(),
  vatNumber: z
    .string()
    .trim()
    .max(20)
    .regex(/^(GB)?[0-9 ]*$/, 'A UK VAT number: GB and nine or twelve digits'),
  accounts: z.object(
    Object.fromEntries(accountKinds.map((k) => [k, accountSchema])) as Record<AccountKind, typeof accountSchema>,
  ),
  /** The Xero tax-rate name for income at a rate other than the kind's own (a zero-rated sandwich, 5%). */
  incomeTaxRates: z.array(z.object({ rateBasisPoints: rateBp, taxRateName: z.string().trim().min(1).max(50) })).max(10),
  vatRates: z.array(vatRateSettingSchema).max(100),
});
export type AccountsSettings = z.infer<typeof accountsSettingsSchema>;

/** PUT /api/admin/accounts/settings: the settings and the version they were read at (a stale save is 409). */
export const accountsSettingsPutSchema = z.object({
  version: z.number().int().min(0),
  settings: accountsSettingsSchema,
});

export const maxAccountsDays = 366;

/** from..to, London dates, both included; a year and a day at most. */
export const accountsRangeSchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((q) => q.from <= q.to, { message: 'The start date is after the end date', path: ['to'] })
  .refine((q) => q.from > q.to || daysBetween(q.from, q.to) < maxAccountsDays, {
    message: `Please choose at most ${maxAccountsDays} days`,
    path: ['to'],
  });
export type AccountsRange = z.infer<typeof accountsRangeSchema>;

export const journalBases = ['cash', 'accrual'] as const;
export type JournalBasis = (typeof journalBases)[number];
export const journalQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema, basis: z.enum(journalBases).default('cash') })
  .refine((q) => q.from <= q.to, { message: 'The start date is after the end date', path: ['to'] })
  .refine((q) => q.from > q.to || daysBetween(q.from, q.to) < maxAccountsDays, {
    message: `Please choose at most ${maxAccountsDays} days`,
    path: ['to'],
  });
export type JournalQuery = z.infer<typeof journalQuerySchema>;

/** Xero's manual journal import columns, in its order. */
export const xeroJournalColumns = [
  '*Narration',
  '*Date',
  'Description',
  '*AccountCode',
  '*TaxRate',
  '*Amount',
  'TrackingName1',
  'TrackingOption1',
] as const;

export const vatByRateSchema = z.object({
  rateBasisPoints: z.number().int(),
  netPence: z.number().int(),
  vatPence: z.number().int(),
  grossPence: z.number().int(),
});
export type VatByRate = z.infer<typeof vatByRateSchema>;

/** GET /api/admin/accounts/vat?from=&to=. */
export const vatSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  vatRegistered: z.boolean(),
  /** Taxable takings (voucher redemptions included, voucher sales not), by rate. */
  byRate: z.array(vatByRateSchema),
  /** Box 1: VAT due on sales; box 6: sales before VAT (the return wants whole pounds: rounded down). */
  box1Pence: z.number().int(),
  box6Pence: z.number().int(),
  box6Pounds: z.number().int(),
  /** Gift vouchers sold (outside the scope of VAT until spent), less any refunded. */
  voucherSales: z.object({ grossPence: z.number().int(), count: z.number().int() }),
  /** Gift vouchers spent (less given back), taxed by what they bought: already inside byRate. */
  voucherRedemptions: z.array(vatByRateSchema),
});
export type VatSummary = z.infer<typeof vatSummarySchema>;

export type AccountsSettingsView = z.infer<typeof accountsSettingsViewSchema>;
export const accountsSettingsViewSchema = z.object({
  version: z.number().int(),
  settings: accountsSettingsSchema,
  updatedBy: z.string().nullable(),
});

const balanceTransactionSchema = z.object({
  id: z.string(),
  /** Stripe's type: charge, payment, refund, payment_refund, adjustment, stripe_fee, ... */
  type: z.string(),
  amountPence: z.number().int(),
  feePence: z.number().int(),
  netPence: z.number().int(),
  /** The charge's or refund's PaymentIntent, when Stripe names one. */
  paymentIntentId: z.string().nullable(),
  /** Our payment it matched, or null: listed, never dropped. */
  paymentId: z.string().nullable(),
  matched: z.boolean(),
});
export type BalanceTransactionView = z.infer<typeof balanceTransactionSchema>;

const journalLineSchema = z.object({
  accountCode: z.string(),
  taxRateName: z.string(),
  description: z.string(),
  amountPence: z.number().int(),
});

/** GET /api/admin/accounts/payouts?from=&to=: Stripe's payouts arriving in the range, matched to our payments. */
export const payoutsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** False without Stripe (TEST MODE has no payouts). */
  available: z.boolean(),
  payouts: z.array(
    z.object({
      id: z.string(),
      arrivalDate: z.string(),
      amountPence: z.number().int(),
      status: z.string(),
      transactions: z.array(balanceTransactionSchema),
      /** Stripe clearing to the bank, net of the fees (which go to the fees account). */
      journal: z.array(journalLineSchema),
    }),
  ),
  /** Balance transactions of these payouts that match none of our payments (a fee, another app's charge). */
  unmatched: z.array(balanceTransactionSchema),
});
export type PayoutsReport = z.infer<typeof payoutsReportSchema>;

export const journalUrl = (range: AccountsRange, basis: JournalBasis) =>
  `/api/admin/accounts/journal.csv?from=${range.from}&to=${range.to}&basis=${basis}`;
