import { NUMBER_PLATE_MESSAGE, normaliseNumberPlate } from './checkin';
import { z } from './zod';

/**
 * The kiosk offline (issue 41, DECISIONS.md "The kiosk offline"): the day's list a kiosk device keeps, and
 * the batch of check-ins it queued while the server could not be reached.
 */

/** At most this many queued check-ins in one POST /api/check-in/sync; a longer queue is sent in turns. */
export const SYNC_BATCH_MAX = 500;

/** A keyed hash of a ticket's QR code: HMAC-SHA256 with the list's key, first 16 bytes, base64url (22 characters). */
export const ticketHashSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Unknown ticket');

/** One of the day's paid tickets: counts only, no name, contact detail, reference or code. */
export const dayListTicketSchema = z.object({
  hash: ticketHashSchema,
  /** Index into the list's sessions; -1 for All Day. */
  session: z.number().int().min(-1),
  children: z.number().int().min(0),
  adults: z.number().int().min(0),
  /** Places already checked in (0, or the whole party: a booking checks in at once). */
  checkedIn: z.number().int().min(0),
  /**
   * The visit agreement in force (issue 39): 'signed' when an adult of the booking's family (its e-mail
   * address) accepted that version, 'missing' when not; null when no agreement is in force.
   */
  agreement: z.enum(['signed', 'missing']).nullable(),
});
export type DayListTicket = z.infer<typeof dayListTicketSchema>;

/**
 * GET /api/check-in/day-list: the day's list for this kiosk device. `hashKey` is this device's key for
 * the day (what the kiosk hashes a scanned code with); `digest` is the SHA-256 of the list's content and
 * `signature` the server's HMAC over version, device, day, issue time and digest, which the kiosk sends
 * back with its queued check-ins. Tickets for the next days are there by hash and day only, so a family
 * who came on the wrong day is told so.
 */
export const dayListSchema = z.object({
  v: z.literal(1),
  /** The device's short id (from its kiosk session): the list is bound to it. */
  device: z.string().regex(/^[0-9a-f]{16}$/),
  day: z.iso.date(),
  issuedAt: z.iso.datetime(),
  /** When the kiosk deletes the list: midnight at the venue. */
  expiresAt: z.iso.datetime(),
  hashKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  sessions: z.array(z.object({ id: z.string(), label: z.string() })),
  tickets: z.array(dayListTicketSchema),
  otherDays: z.array(z.object({ hash: ticketHashSchema, day: z.iso.date() })),
  /**
   * Cards that check in a booking of today (a member card, issue 40), by the same keyed hash, each with the
   * hashes of the day's tickets it checks in. Absent from a list kept from before cards were listed.
   */
  cards: z.array(z.object({ hash: ticketHashSchema, tickets: z.array(ticketHashSchema) })).optional(),
  digest: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type DayList = z.infer<typeof dayListSchema>;
export const dayListResponseSchema = z.object({ success: z.literal(true), list: dayListSchema });
export type DayListResponse = z.infer<typeof dayListResponseSchema>;

/** One check-in the kiosk made offline, under an id of its own (a retried batch is applied once). */
export const queuedCheckInSchema = z.object({
  id: z.uuid('Unknown check-in'),
  ticket: ticketHashSchema,
  /** The device's clock when the family came in. */
  admittedAt: z.iso.datetime({ offset: true }),
  numberPlate: z
    .string()
    .max(20, NUMBER_PLATE_MESSAGE)
    .transform(normaliseNumberPlate)
    .pipe(z.string().regex(/^[A-Z0-9]{0,8}$/, NUMBER_PLATE_MESSAGE))
    .transform((s) => (s === '' ? null : s))
    .nullish()
    .transform((s) => s ?? null),
});
export type QueuedCheckIn = z.input<typeof queuedCheckInSchema>;

/** POST /api/check-in/sync: the list the check-ins were made against (its signed part) and the queue. */
export const syncSchema = z.object({
  list: dayListSchema.pick({ v: true, device: true, day: true, issuedAt: true, digest: true, signature: true }),
  items: z
    .array(queuedCheckInSchema)
    .min(1, 'Nothing to send')
    .max(SYNC_BATCH_MAX, `At most ${SYNC_BATCH_MAX} check-ins at a time`),
});
export type SyncInput = z.input<typeof syncSchema>;

export const syncRefusalReasons = ['not_in_list', 'wrong_day', 'id_reused', 'cancelled', 'unpaid'] as const;

/**
 * What became of each queued check-in: applied (the family's check-in), over_admitted (kept, but the ticket
 * had already come in: staff see it), already_applied (a replay of one applied before) or refused, with why.
 */
export const syncResultSchema = z.object({
  id: z.string(),
  outcome: z.enum(['applied', 'over_admitted', 'already_applied', 'refused']),
  reason: z.enum(syncRefusalReasons).optional(),
  message: z.string().optional(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;
export const syncResponseSchema = z.object({ success: z.literal(true), results: z.array(syncResultSchema) });
export type SyncResponse = z.infer<typeof syncResponseSchema>;
