import { uuidSchema } from './admin-inquiries';
import { isoDateSchema } from './booking';
import { partyBookingSchema, partyStatusSchema } from './party-booking';
import { z } from './zod';

/**
 * The staff Parties tab (issue 28; DECISIONS.md "Parties online"): the week's parties per room, each
 * party's sheet, notes, move, cancel with the deposit rule, and a party made for a phone caller. Money is
 * integer pence, priced by the server.
 */

const pence = z.number().int();

/** GET /api/admin/parties?week=YYYY-MM-DD: a Monday; the current week when left out. */
export const partyWeekQuerySchema = z.object({
  week: isoDateSchema.optional(),
});

/** One party in the week view: enough to phone the family about the balance. */
export const staffPartySummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: partyStatusSchema,
  date: z.string(),
  slotId: z.string(),
  slotLabel: z.string(),
  /** Null for Private Hire (the whole barn). */
  roomId: z.string().nullable(),
  roomName: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  children: z.number().int(),
  childFirstName: z.string(),
  childAge: z.number().int(),
  parentName: z.string(),
  parentPhone: z.string(),
  totalPence: pence,
  paidPence: pence,
  duePence: pence,
  /** The balance was due 7 days before the party and is still not paid. */
  balanceOverdue: z.boolean(),
  balanceDueDate: z.string(),
  createdByStaff: z.string().nullable(),
});
export type StaffPartySummary = z.infer<typeof staffPartySummarySchema>;

export const partyWeekResponseSchema = z.object({
  /** The Monday the week starts on. */
  week: z.string(),
  /** The seven dates, Monday first. */
  days: z.array(z.string()),
  /** The last date parties are sold for (the party booking horizon): what the phone booking and move forms reach. */
  lastDate: z.string(),
  rooms: z.array(z.object({ id: z.string(), name: z.string() })),
  slots: z.array(z.object({ id: z.string(), label: z.string(), start: z.string(), end: z.string() })),
  /** The minutes a room needs to clear between parties: a slot too close to a room's party is not free. */
  clearMinutes: z.number().int(),
  /** Held and confirmed parties, by date then slot. */
  parties: z.array(staffPartySummarySchema),
  /** Cancelled ones, shown apart. */
  cancelled: z.array(staffPartySummarySchema),
  /** What the "New party (phone)" and move forms offer: packages with their bounds and slots, the menu. */
  packages: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      minChildren: z.number().int(),
      maxChildren: z.number().int(),
      food: z.boolean(),
      slotIds: z.array(z.string()),
    }),
  ),
  foodOptions: z.array(z.object({ id: z.string(), name: z.string(), allergens: z.array(z.string()) })),
});
export type PartyWeekResponse = z.infer<typeof partyWeekResponseSchema>;

export const partyFoodCountSchema = z.object({
  optionId: z.string(),
  name: z.string(),
  count: z.number().int(),
  allergens: z.array(z.string()),
});

export const staffPartyPaymentSchema = z.object({
  id: z.string(),
  purpose: z.string(),
  amountPence: pence,
  status: z.string(),
  refundStatus: z.enum(['pending', 'succeeded']).nullable(),
  refundPence: pence,
  createdAt: z.string(),
});

/** GET /api/admin/parties/{id}: the party sheet. */
export const staffPartySheetSchema = staffPartySummarySchema.extend({
  parentEmail: z.string(),
  lines: z.array(
    z.object({ kind: z.string(), label: z.string(), quantity: z.number().int(), unitPence: pence, amountPence: pence }),
  ),
  depositPence: pence,
  holdExpiresAt: z.string().nullable(),
  rsvp: z.object({
    invited: z.number().int(),
    coming: z.number().int(),
    notComing: z.number().int(),
    noAnswer: z.number().int(),
  }),
  /** The guests' children who answered (first names; allergies for staff only). */
  guests: z.array(z.object({ firstName: z.string(), rsvp: z.enum(['coming', 'not_coming']), allergies: z.string() })),
  food: z.array(partyFoodCountSchema),
  dietaryNotes: z.string(),
  staffNotes: z.string(),
  payments: z.array(staffPartyPaymentSchema),
  /** What cancelling now would do with the deposit by the rule (none when nothing is paid). */
  depositRuleNow: z.enum(['refund', 'keep', 'none']),
  depositOutcome: z.enum(['refund', 'keep', 'none']).nullable(),
  cancelReason: z.string().nullable(),
  version: z.number().int(),
});
export type StaffPartySheet = z.infer<typeof staffPartySheetSchema>;
export const staffPartySheetResponseSchema = z.object({ party: staffPartySheetSchema });
export type StaffPartySheetResponse = z.infer<typeof staffPartySheetResponseSchema>;

export const partyIdAdminParamsSchema = z.object({ id: uuidSchema });

/** PATCH /api/admin/parties/{id}/notes: the version the editor was shown (409 stale_version otherwise). */
export const partyNotesSchema = z.object({
  staffNotes: z.string().trim().max(2000, 'Notes must be at most 2000 characters'),
  version: z.number().int().min(1),
});
export type PartyNotesInput = z.input<typeof partyNotesSchema>;

/** POST /api/admin/parties/{id}/cancel. Only an admin may overrule the deposit rule. */
export const staffPartyCancelSchema = z.object({
  reason: z.string().trim().min(3, 'Please say why the party is cancelled').max(500),
  overrideDeposit: z.enum(['refund', 'keep']).optional(),
});
export type StaffPartyCancelInput = z.input<typeof staffPartyCancelSchema>;

export const staffPartyCancelResponseSchema = z.object({
  status: z.literal('cancelled'),
  deposit: z.enum(['refund', 'keep', 'none']),
  overridden: z.boolean(),
  refundPence: pence,
  alreadyCancelled: z.boolean(),
});
export type StaffPartyCancelResponse = z.infer<typeof staffPartyCancelResponseSchema>;

/** POST /api/admin/parties/{id}/move */
export const staffPartyMoveSchema = z.object({
  date: isoDateSchema,
  slotId: z.string().min(1, 'Please choose a time').max(40),
});
export type StaffPartyMoveInput = z.input<typeof staffPartyMoveSchema>;

export const staffPartyMoveResponseSchema = z.object({
  status: z.literal('moved'),
  date: z.string(),
  slotId: z.string(),
  roomId: z.string().nullable(),
});
export type StaffPartyMoveResponse = z.infer<typeof staffPartyMoveResponseSchema>;

/** POST /api/admin/parties: the family form's fields, taken by phone (terms are read to the caller). */
export const staffPartyCreateSchema = partyBookingSchema.omit({ agreeToTerms: true, voucherCode: true });
export type StaffPartyCreateInput = z.input<typeof staffPartyCreateSchema>;

export const staffPartyCreateResponseSchema = z.object({
  id: z.string(),
  reference: z.string(),
  totalPence: pence,
  depositPence: pence,
  holdExpiresAt: z.string().nullable(),
});
export type StaffPartyCreateResponse = z.infer<typeof staffPartyCreateResponseSchema>;

export const partyNotesResponseSchema = z.object({ staffNotes: z.string(), version: z.number().int() });
export type PartyNotesResponse = z.infer<typeof partyNotesResponseSchema>;
