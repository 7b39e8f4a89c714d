import { uuidSchema } from './admin-inquiries';
import { z } from './zod';

/**
 * Special events and the fair drop (issue 51; DECISIONS.md "Special events and a fair drop"): the admin's
 * editor, the public reads, the waiting room, holds. Money is integer pence; the server prices everything.
 */

/** A hold's admission token lasts this long from the moment its family is first told it is admitted. */
export const ADMISSION_MINUTES = 10;
/** A hold keeps its places this long while its family pays. */
export const EVENT_HOLD_MINUTES = 10;
/** The waiting room opens this long before the on-sale instant. */
export const QUEUE_OPENS_MINUTES_BEFORE = 30;

const instant = z.iso.datetime({ offset: true, message: 'Please give a date and time' });
const pence = z.number().int('Whole pence only').min(0, 'A price cannot be negative').max(100_000, 'At most £1,000');

export const eventSlotInputSchema = z.object({
  startsAt: instant,
  lengthMinutes: z
    .number()
    .int()
    .min(5, 'At least 5 minutes')
    .max(24 * 60, 'At most a day'),
  places: z.number().int().min(1, 'At least one place').max(10_000, 'At most 10,000 places'),
});

export const eventInputSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(120, 'At most 120 characters'),
  description: z.string().trim().max(4000, 'At most 4,000 characters').default(''),
  photoUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^\/[\w./-]*$|^https:\/\/\S+$/, 'A site path or an https address')
    .nullable()
    .optional(),
  slots: z.array(eventSlotInputSchema).min(1, 'At least one slot').max(500, 'At most 500 slots'),
  childPricePence: pence,
  adultPricePence: pence,
  onSaleAt: instant,
  familyCap: z.number().int().min(1, 'At least one place').max(50, 'At most 50 places'),
  usesQueue: z.boolean().default(true),
  admitPerMinute: z.number().int().min(1).max(10_000).default(60),
});
export type EventInput = z.infer<typeof eventInputSchema>;

/** PATCH: any of the fields; slots, when given, are added (existing slots are kept: families may hold them). */
export const eventPatchSchema = eventInputSchema.partial();

export const eventIdParamsSchema = z.object({ id: uuidSchema });

export const eventSlotSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  lengthMinutes: z.number().int(),
  places: z.number().int(),
  placesLeft: z.number().int(),
});

export const eventSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  photoUrl: z.string().nullable(),
  childPricePence: z.number().int(),
  adultPricePence: z.number().int(),
  onSaleAt: z.string(),
  familyCap: z.number().int(),
  usesQueue: z.boolean(),
  onSale: z.boolean(),
  placesLeft: z.number().int(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const eventDetailSchema = eventSummarySchema.extend({
  admitPerMinute: z.number().int(),
  slots: z.array(eventSlotSchema),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const eventListSchema = z.object({ events: z.array(eventSummarySchema) });

/** GET /api/events/:id/queue/challenge: an ALTCHA proof-of-work challenge (solved by the browser). */
export const queueChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});

/** POST /api/events/:id/queue: the solved challenge, as ALTCHA's base64 JSON payload or its object. */
export const queueJoinSchema = z.object({
  payload: z.string().min(1, 'The proof of work is missing').max(2000),
});

export const queueTicketSchema = z.object({ ticket: z.string() });

export const queueTicketParamsSchema = z.object({
  id: uuidSchema,
  ticket: z.string().min(10).max(100),
});

export const queueStateSchema = z.object({
  /** waiting: before the drop or behind others; admitted: may hold now; sold_out: no places left; used: held. */
  status: z.enum(['waiting', 'admitted', 'sold_out', 'used', 'expired']),
  /** 1 for the next family in; null before the on-sale instant (the pre-queue is shuffled then). */
  position: z.number().int().nullable(),
  /** Families ahead of this one, not yet admitted. */
  ahead: z.number().int().nullable(),
  /** Seconds until admission at the current rate; null when unknown (before the drop) or admitted. */
  estimateSeconds: z.number().int().nullable(),
  onSaleAt: z.string(),
  admission: z.string().nullable(),
  admissionExpiresAt: z.string().nullable(),
});
export type QueueState = z.infer<typeof queueStateSchema>;

const childDetails = z.object({
  firstName: z.string().trim().min(1, 'Please give a first name').max(40, 'At most 40 characters'),
  age: z.number().int('Whole years').min(0, 'Age 0 to 17').max(17, 'Age 0 to 17'),
  note: z.string().trim().max(300, 'At most 300 characters').default(''),
});

export const eventHoldSchema = z.object({
  admission: z.string().min(10, 'Admission token missing').max(2000).optional(),
  slotId: uuidSchema,
  children: z.array(childDetails).max(20, 'At most 20 children').default([]),
  adults: z.number().int().min(0).max(20).default(0),
});
export type EventHoldInput = z.infer<typeof eventHoldSchema>;

export const eventHoldResponseSchema = z.object({
  bookingId: z.string(),
  clientSecret: z.string(),
  totalPence: z.number().int(),
  places: z.number().int(),
  expiresAt: z.string(),
});

export const eventBookingParamsSchema = z.object({ id: uuidSchema, bookingId: uuidSchema });
export const eventBookingStatusSchema = z.object({
  status: z.enum(['held', 'paid', 'expired', 'cancelled']),
  slotStartsAt: z.string(),
  places: z.number().int(),
  totalPence: z.number().int(),
});

export const eventSheetSchema = z.object({
  event: z.object({ id: z.string(), name: z.string() }),
  slots: z.array(
    z.object({
      id: z.string(),
      startsAt: z.string(),
      places: z.number().int(),
      taken: z.number().int(),
      families: z.array(
        z.object({
          bookingId: z.string(),
          /** The ticket mail's reference: the booking id's first 8 characters, capitals. */
          reference: z.string(),
          email: z.string(),
          /** When staff checked the family in on the sheet; null until then. */
          checkedInAt: z.string().nullable(),
          status: z.string(),
          adults: z.number().int(),
          children: z.array(z.object({ firstName: z.string(), age: z.number().int(), note: z.string() })),
        }),
      ),
    }),
  ),
});

/** POST /api/admin/events/:id/bookings/:bookingId/check-in: staff check a paid family in (once, audited). */
export const eventCheckInResponseSchema = z.object({ checkedInAt: z.string() });

export const eventQueueFiguresSchema = z.object({
  waiting: z.number().int(),
  admitted: z.number().int(),
  sold: z.number().int(),
  held: z.number().int(),
  placesLeft: z.number().int(),
  admitPerMinute: z.number().int(),
});
