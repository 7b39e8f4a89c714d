import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** What is asked per child on an event booking (the present's first name and age, and a note). */
export type EventChildDetails = { firstName: string; age: number; note: string };

/**
 * Special events (issue 51: Santa's grotto, SEN quiet sessions, toddler mornings, holiday clubs): their own
 * slots, places and prices; band prices never apply (DECISIONS.md "Special events and a fair drop").
 */
export const events = pgTable('events', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  photoUrl: text('photo_url'),
  childPricePence: integer('child_price_pence').notNull(),
  adultPricePence: integer('adult_price_pence').notNull(),
  onSaleAt: timestamp('on_sale_at', { withTimezone: true }).notNull(),
  /** Most places one family (by proven e-mail) may hold or buy for this event, across tokens. */
  familyCap: integer('family_cap').notNull(),
  usesQueue: boolean('uses_queue').notNull().default(true),
  /** Families admitted a minute from the queue. */
  admitPerMinute: integer('admit_per_minute').notNull().default(60),
  /** When the pre-queue was shuffled (at or after the on-sale instant); null before. */
  queueShuffledAt: timestamp('queue_shuffled_at', { withTimezone: true }),
  /** The last queue position handed out (the shuffled ones, then one per later arrival). */
  lastPosition: integer('last_position').notNull().default(0),
  /** Every position up to this one is admitted. */
  admittedThrough: integer('admitted_through').notNull().default(0),
  /** The instant admittedThrough was last credited up to (admission accrues at admitPerMinute from it). */
  admissionClock: timestamp('admission_clock', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** One slot of an event; `taken` counts places held or sold and never passes `places` (a check). */
export const eventSlots = pgTable(
  'event_slots',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    lengthMinutes: integer('length_minutes').notNull(),
    places: integer('places').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    index('event_slots_event_idx').on(t.eventId, t.startsAt),
    check('event_slots_never_oversold', sql`taken >= 0 and taken <= places`),
  ],
);

/**
 * One family waiting in an event's queue: the id is the queue ticket's subject. `position` is null until the
 * pre-queue is shuffled (then 1..n in the CSPRNG's order), and given in arrival order to later arrivals.
 */
export const eventQueueEntries = pgTable(
  'event_queue_entries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    arrival: bigserial('arrival', { mode: 'number' }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    position: integer('position'),
    /** The proof of work's signature: one solution joins once. */
    powSignature: text('pow_signature').notNull().unique(),
    clientAddress: text('client_address'),
    /** First told it was admitted; its admission token expires 10 minutes after. */
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    /** The hold its admission token made (one hold per token). */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('event_queue_position_idx').on(t.eventId, t.position),
    uniqueIndex('event_queue_event_position_idx')
      .on(t.eventId, t.position)
      .where(sql`position is not null`),
  ],
);

export const eventBookingStatuses = ['held', 'paid', 'expired', 'cancelled'] as const;

/** A family's places in one slot: held for 10 minutes, then paid (or its places go back). */
export const eventBookings = pgTable(
  'event_bookings',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => eventSlots.id),
    queueEntryId: uuid('queue_entry_id').references(() => eventQueueEntries.id),
    email: text('email').notNull(),
    children: jsonb('children').$type<EventChildDetails[]>().notNull(),
    adults: integer('adults').notNull(),
    places: integer('places').notNull(),
    totalPence: integer('total_pence').notNull(),
    status: text('status', { enum: eventBookingStatuses }).notNull().default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Staff checked the family in on the event sheet (issue 51): once, audited. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('event_bookings_family_idx').on(t.eventId, t.email),
    index('event_bookings_slot_idx').on(t.slotId, t.status),
    index('event_bookings_held_idx')
      .on(t.expiresAt)
      .where(sql`status = 'held'`),
    uniqueIndex('event_bookings_queue_entry_idx').on(t.queueEntryId),
  ],
);
