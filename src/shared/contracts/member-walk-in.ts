import { checkInAgreements, kioskTicketSchema, numberPlateSchema } from './checkin';
import { z } from './zod';

/**
 * A member's walk-in at the kiosk (issue 40, docs/memberships.md "Using a membership"): a member card with no
 * booking today offers the covered children a place in the session happening now (or the next one still
 * open today) when it has room; accepted, a £0 booking is made and checked in at once. A kiosk device only.
 */

/** The scanned member card (`MC-` and a signed id), as the kiosk read it. */
export const memberCardSchema = z.string().trim().min(16, 'Unknown card').max(200, 'Unknown card');

/** POST /api/check-in/member-offer: what the card offers now. */
export const memberOfferSchema = z.object({ card: memberCardSchema });
export type MemberOfferInput = z.input<typeof memberOfferSchema>;

export const memberOfferSchemaOut = z.object({
  /** First names only (DECISIONS.md "Kiosk privacy"), in the order `children` of a walk-in counts them. */
  children: z.array(z.object({ firstName: z.string() })),
  /** The session's label ("9:30 AM - 11:30 AM"). */
  session: z.string(),
  /** Grown-ups the plan lets in free on this visit (0: grown-ups' tickets are paid at the desk). */
  freeAdults: z.number().int(),
});
export type MemberOffer = z.infer<typeof memberOfferSchemaOut>;
export const memberOfferResponseSchema = z.object({ success: z.literal(true), offer: memberOfferSchemaOut });
export type MemberOfferResponse = z.infer<typeof memberOfferResponseSchema>;

/** POST /api/check-in/member-walk-in: the offer accepted, with the kiosk's three boxes. */
export const memberWalkInSchema = z.object({
  card: memberCardSchema,
  /** Made by the kiosk when it shows the offer: a retried request (a double tap) answers the same check-in. */
  requestId: z.uuid('Unknown request'),
  /** Which of the offer's children are here (positions in `offer.children`); absent: all of them. */
  children: z.array(z.number().int().min(0).max(11)).min(1, 'Please choose who is playing').max(12).optional(),
  /** Grown-ups coming in free (at most the offer's `freeAdults`). */
  adults: z.number().int().min(0).max(10).default(0),
  numberPlate: numberPlateSchema,
  ...checkInAgreements,
});
export type MemberWalkInInput = z.input<typeof memberWalkInSchema>;

/** The checked-in visit, as a scan shows it (its handle checks it out with a scan of the card later). */
export const memberWalkInResponseSchema = z.object({ success: z.literal(true), ticket: kioskTicketSchema });
export type MemberWalkInResponse = z.infer<typeof memberWalkInResponseSchema>;
