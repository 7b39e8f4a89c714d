import { z } from './zod';

/**
 * The visit agreement at the kiosk and on staff screens (issue 39, DECISIONS.md "Families the venue
 * knows"). The kiosk sees whether a booking's adult accepted the rules of play in force and, when not, the
 * text and the first names of the children the booking names: never a date of birth, note or address.
 */

/** The opaque handle a kiosk search or scan gave (never a database id). */
export const kioskHandleSchema = z.string().trim().min(1, 'Unknown ticket').max(400, 'Unknown ticket');

/** A ticket's agreement as the kiosk shows it. */
export const kioskAgreementSchema = z.object({
  /** The booking's e-mail accepted the version in force, covering every child the booking names. */
  accepted: z.boolean(),
  /** The version in force: what an acceptance on the tablet sends back. */
  version: z.number().int(),
  /** Only while not accepted: the rules of play to read on the tablet. */
  text: z.string().optional(),
  /** Only while not accepted: the first names of the booking's named children (none: empty). */
  childNames: z.array(z.string()).optional(),
});
export type KioskAgreement = z.infer<typeof kioskAgreementSchema>;

export const FULL_NAME_MESSAGE = 'Please type your full name';

/** A typed full name: two words at least, no markup (a name has no < or >). */
export const agreementFullNameSchema = z
  .string({ message: FULL_NAME_MESSAGE })
  .trim()
  .min(1, FULL_NAME_MESSAGE)
  .max(120, 'Must be at most 120 characters')
  .refine((n) => /\S+\s+\S+/.test(n), FULL_NAME_MESSAGE)
  .refine((n) => !/[<>]/.test(n), 'Please type your name without < or >');

export const ACCEPT_MESSAGE = 'Please tick to accept the rules of play';

/** The tablet's form: what the adult types and ticks. */
export const kioskAgreementFormSchema = z.object({
  fullName: agreementFullNameSchema,
  accept: z.literal(true, { message: ACCEPT_MESSAGE }),
});

/**
 * POST /api/check-in/agreement: the adult accepts the version in force on the tablet, for the booking the
 * handle names (today's, paid) and the children it names. An older version is a 409 `agreement_changed`.
 */
export const kioskAcceptAgreementSchema = kioskAgreementFormSchema.extend({
  handle: kioskHandleSchema,
  version: z.number({ message: 'Missing version' }).int().min(1).max(1_000_000),
});
export type KioskAcceptAgreementInput = z.input<typeof kioskAcceptAgreementSchema>;

export const kioskAcceptAgreementResponseSchema = z.object({
  success: z.literal(true),
  agreement: kioskAgreementSchema,
});
export type KioskAcceptAgreementResponse = z.infer<typeof kioskAcceptAgreementResponseSchema>;

/**
 * A child a booking names, as staff see it on that family's booking and on the day's arrivals: the first
 * name, the notes (allergies, additional needs) and an age on the visit date; never the date of birth.
 */
export const staffBookingChildSchema = z.object({
  firstName: z.string(),
  notes: z.string(),
  ageOnVisit: z.number().int(),
});
export type StaffBookingChild = z.infer<typeof staffBookingChildSchema>;

/** Notes that staff must not miss: shown with a warning style (the notes field is free text). */
export const ALLERGY_WORDS =
  /allerg|anaphyla|epi-?pen|\bnuts?\b|peanut|dairy|milk|\beggs?\b|gluten|coeliac|celiac|lactose|sesame|\bsoya?\b/i;
export const mentionsAllergy = (notes: string) => ALLERGY_WORDS.test(notes);
