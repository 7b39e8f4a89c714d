import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  pgSequence,
  bigint,
  customType,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookingStatuses } from '../../shared/contracts/booking';
import type { MembershipPlanDocument } from '../../shared/memberships';
import { saleStatuses, vatTreatments, type ItemOption } from '../../shared/contracts/till';
import { eventBookings } from './schema-events';
import { cafeOrders } from './schema-cafe-orders';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * The catalogue (DECISIONS.md "The venue owns its catalogue"): seeded once on an empty database
 * (catalogue/seed-catalogue.ts), then edited by admins. Prices are dated rows in ticket_type_prices.
 * Every edit bumps its row's `version` (a stale edit is a 409) and catalogue_state.version (every process
 * reloads its in-memory copy when that changes).
 */
export const ticketTypes = pgTable('ticket_types', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  ageRange: text('age_range').notNull(),
  colour: text('colour').notNull(),
  isChild: boolean('is_child').notNull(),
  /**
   * The ages (whole years on the visit date, inclusive) a child on a family profile is suggested this ticket at
   * (shared/child-tickets.ts): the booking page's suggestion and a member's walk-in read them, never an id.
   * Null: never suggested by age (a grown-up's ticket, or one sold only for a special session).
   */
  ageFrom: integer('age_from'),
  ageTo: integer('age_to'),
  /** A session credit pays for one of these tickets (shared/visit-rules.ts creditTicketOf): one type at most. */
  paidByCredit: boolean('paid_by_credit').notNull().default(false),
  /** 'any', 'weekdays' or 'weekends'. */
  sellDays: text('sell_days').notNull().default('any'),
  /** The sessions it is sold for; empty: every session. */
  sessionIds: text('session_ids')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull(),
  version: integer('version').notNull().default(1),
});

/** A ticket type's price for visits from `fromDate` on, until the next row's date. */
export const ticketTypePrices = pgTable(
  'ticket_type_prices',
  {
    ticketTypeId: text('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id),
    /** The band of days it prices (the catalogue document 'day_types': 'off-peak', 'peak', or an admin's own). */
    bandId: text('band_id').notNull().default('peak'),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    pricePence: integer('price_pence').notNull(),
    feePence: integer('fee_pence').notNull().default(0),
    createdBy: text('created_by').notNull().default('seed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketTypeId, t.bandId, t.fromDate] })],
);

export const sessionTimes = pgTable('session_times', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  capacity: integer('capacity').notNull(),
  sort: integer('sort').notNull(),
  version: integer('version').notNull().default(1),
});

/** One row: the catalogue's version, bumped by every edit in the edit's transaction. */
export const catalogueState = pgTable('catalogue_state', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** The venue's identity and hours ('venue'), its party packages ('parties'): one JSON document each. */
export const catalogueDocuments = pgTable('catalogue_documents', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const menuItems = pgTable('menu_items', {
  id: text('id').primaryKey(),
  section: text('section').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  pricePence: integer('price_pence').notNull(),
  allergens: text('allergens')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  dietary: text('dietary')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  emoji: text('emoji').notNull().default('🍽️'),
  popular: boolean('popular').notNull().default(false),
  posterCategory: text('poster_category').notNull(),
  /** The illustration shipped in /public/menu (adult dishes), when there is no photo. */
  image: jsonb('image'),
  /** An uploaded photo: the key of its WebP files in the photo folder. */
  photo: text('photo'),
  sophisticatedDescription: text('sophisticated_description'),
  available: boolean('available').notNull().default(true),
  sort: integer('sort').notNull(),
  version: integer('version').notNull().default(1),
  /** How the till taxes it (contracts/till.ts vatTreatments; issue 48). */
  vatTreatment: text('vat_treatment', { enum: vatTreatments }).notNull().default('standard'),
  /** Priced options the till offers ("Oat milk" +30p): contracts/till.ts itemOptionSchema. */
  options: jsonb('options').$type<ItemOption[]>().notNull().default([]),
});

export const noticePosts = pgTable('notice_posts', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  title: text('title').notNull(),
  body: text('body').notNull(),
  publishFrom: date('publish_from', { mode: 'string' }).notNull(),
  expiresOn: date('expires_on', { mode: 'string' }),
  pinned: boolean('pinned').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/** Uploaded menu photos, re-encoded to WebP: kept in the database so every process serves them. */
export const menuPhotos = pgTable('menu_photos', {
  key: text('key').primaryKey(),
  small: bytea('small').notNull(),
  large: bytea('large').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Contact and party enquiries. `details` holds the party form's extra fields. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    source: text('source', { enum: ['contact', 'party'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    inquiryType: text('inquiry_type').notNull(),
    message: text('message').notNull(),
    details: jsonb('details').$type<Record<string, string>>(),
    responded: boolean('responded').notNull().default(false),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** Party enquiries staff have turned into a booked party (earns the Party Host achievement). */
    partyBookedAt: timestamp('party_booked_at', { withTimezone: true }),
    /** Set when an admin erased the sender's data (privacy/erase-data.ts); the row stays, its words do not. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inquiries_created_idx').on(t.createdAt),
    // The staff lists (inquiries/inquiries-list.ts): one form's enquiries, waiting ones first, newest first,
    // read in index order (created_at descending, as the list sorts; ascending made PostgreSQL sort them all).
    index('inquiries_list_idx').on(t.source, t.responded, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Durable mail queue: a message is written in the same transaction as what caused it, then a
 * worker delivers it (SMTP_URL) with retries, or keeps it here for staff to read (no SMTP_URL).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    dedupeKey: text('dedupe_key').unique(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    /** Extra headers (a marketing mail's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** Which mail this is (e.g. 'booking-confirmation'): what logs name instead of the subject. */
    template: text('template').notNull().default('mail'),
    /** Subject and text as staff see them in the outbox view, codes and links that act for a family hidden; null: as sent. */
    staffSubject: text('staff_subject'),
    staffText: text('staff_text'),
    status: text('status', { enum: ['pending', 'sent', 'kept'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the body was removed (90 days after sending, or an erasure): privacy/retention.ts. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The retention job's daily scan: bodies not yet removed, oldest first.
    index('outbox_retention_idx')
      .on(t.createdAt)
      .where(sql`anonymised_at is null`),
    // A booking's mails (dedupe keys "booking-<kind>:<booking id>[:...]") for the staff booking detail.
    index('outbox_booking_idx')
      .on(sql`split_part(${t.dedupeKey}, ':', 2)`)
      .where(sql`dedupe_key like 'booking-%'`),
  ],
);

export type MailAttachment = {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
  cid?: string;
};

/**
 * A booking: the hold, then the sale (DECISIONS.md "Capacity and holds"). `placesHeld` is the truth
 * about capacity: true while this booking's children are counted in session_occupancy, so releasing
 * and re-taking places is idempotent whatever order events arrive in.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    reference: text('reference').notNull().unique(),
    status: text('status', { enum: bookingStatuses }).notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    /** null: a weekday all-day ticket, counted against every session of its day. */
    sessionId: text('session_id').references(() => sessionTimes.id),
    specialRequests: text('special_requests').notNull().default(''),
    loyaltyOptIn: boolean('loyalty_opt_in').notNull(),
    /** Children counted against capacity (adults are not). */
    places: integer('places').notNull(),
    placesHeld: boolean('places_held').notNull().default(true),
    originalPence: integer('original_pence').notNull(),
    finalPence: integer('final_pence').notNull(),
    creditsUsed: integer('credits_used').notNull().default(0),
    creditSavingsPence: integer('credit_savings_pence').notNull().default(0),
    /** What a membership paid for on this booking (its covered places at their price; bookings/member-cover.ts). */
    membershipCoverPence: integer('membership_cover_pence').notNull().default(0),
    /**
     * What the family still owes on this booking, taken at the desk: a staff move to a day its membership no longer
     * pays for (bookings/staff-move.ts), confirmed by staff. 0: nothing owed.
     */
    duePence: integer('due_pence').notNull().default(0),
    /**
     * Where this booking's session credits are (credits/booking-credits.ts): 'held' while reserved,
     * 'used' once confirmed, 'released' (hold ended) or 'restored' (cancelled after use). Flipped only
     * under the booking's row lock, so each credit is given back at most once.
     */
    /** A loyalty voucher (10% off, free session) applied to this booking, and what it took off. */
    voucherId: uuid('voucher_id'),
    voucherDiscountPence: integer('voucher_discount_pence').notNull().default(0),
    creditsState: text('credits_state', { enum: ['none', 'held', 'used', 'released', 'restored'] })
      .notNull()
      .default('none'),
    /**
     * A gift voucher that pays part or all of this booking (gift-vouchers/booking-gift-voucher.ts): the value
     * is taken off the voucher when the booking is made ('spent'), given back to it when the hold ends, the
     * payment fails or the booking is cancelled ('returned'), and taken again by a late payment. Flipped
     * only under the booking's row lock, so the value moves once each way.
     */
    giftVoucherId: uuid('gift_voucher_id').references((): AnyPgColumn => giftVouchers.id),
    giftVoucherPence: integer('gift_voucher_pence').notNull().default(0),
    giftVoucherState: text('gift_voucher_state', { enum: ['none', 'spent', 'returned'] })
      .notNull()
      .default('none'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The client address that asked for the hold (the trusted one, see TRUST_PROXY): holds are capped per address. */
    clientAddress: text('client_address'),
    /** Random and unguessable: the kiosk's QR code carries it. */
    ticketToken: text('ticket_token').notNull().unique(),
    /**
     * SHA-256 of the secret returned once to the browser that made the booking: with it (or the family
     * session of the booking's address) GET /api/bookings/{id} answers; without it, 404.
     */
    viewerSecretHash: text('viewer_secret_hash'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Set when names and contact details were replaced by placeholders (retention or erasure); amounts stay. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bookings_visit_idx').on(t.visitDate, t.status),
    // CSV exports and date-ranged staff views page through bookings by (created_at, id).
    index('bookings_created_idx').on(t.createdAt, t.id),
    // Places sold per date and session (Overview charts): the places ride in the index, so two weeks of
    // sales are an index-only scan, never a read of each booking.
    index('bookings_sold_visit_idx')
      .on(t.visitDate, t.sessionId, t.places)
      .where(sql`status in ('confirmed', 'processing')`),
    // Overview's recent payments, newest confirmation first, whatever became of the booking since.
    index('bookings_confirmed_at_idx')
      .on(t.confirmedAt)
      .where(sql`confirmed_at is not null`),
    // The retention job's scans (old holds, 6-year-old bookings): only rows still holding personal data.
    index('bookings_retention_idx')
      .on(t.createdAt)
      .where(sql`anonymised_at is null`),
    index('bookings_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`places_held and status in ('pending', 'failed')`),
    index('bookings_email_idx').on(sql`lower(${t.customerEmail})`),
    // The staff booking search (bookings/booking-manager.ts): substrings in any case, served by trigrams.
    index('bookings_reference_trgm_idx').using('gin', sql`lower(${t.reference}) gin_trgm_ops`),
    index('bookings_name_trgm_idx').using('gin', sql`lower(${t.customerName}) gin_trgm_ops`),
    index('bookings_email_trgm_idx').using('gin', sql`lower(${t.customerEmail}) gin_trgm_ops`),
    index('bookings_phone_trgm_idx').using(
      'gin',
      sql`regexp_replace(${t.customerPhone}, '[^0-9]', '', 'g') gin_trgm_ops`,
    ),
  ],
);

export const bookingLines = pgTable(
  'booking_lines',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    ticketTypeId: text('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id),
    quantity: integer('quantity').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    unitFeePence: integer('unit_fee_pence').notNull().default(0),
  },
  // With the columns the CSV export sums, so its per-booking lookup reads the index alone (migration 0025).
  (t) => [index('booking_lines_booking_tickets_idx').on(t.bookingId, t.ticketTypeId, t.quantity)],
);

/**
 * Places taken per (date, session): the row a booking locks FOR UPDATE. Created on first use with the
 * session's capacity at that time, so staff can change one day's capacity without touching others.
 */
export const sessionOccupancy = pgTable(
  'session_occupancy',
  {
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessionTimes.id),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.visitDate, t.sessionId] })],
);

/** Staff-managed blocks (admin booking calendar). sessionId null blocks the whole day. */
export const sessionRestrictions = pgTable(
  'session_restrictions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    date: date('date', { mode: 'string' }).notNull(),
    sessionId: text('session_id').references(() => sessionTimes.id),
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_restrictions_date_idx').on(t.date)],
);

export const paymentStatuses = ['pending', 'processing', 'succeeded', 'failed', 'canceled', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * One row per provider payment. Written (without a provider id) in the booking's transaction, before
 * the provider is called, so no payment can exist at the provider that we have no record of.
 * refundStatus 'pending' means a refund was decided and the sweep retries it until the provider agrees.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /**
     * 'booking' (bookingId set), 'credit_purchase' (creditPurchaseId set), 'party_deposit' /
     * 'party_balance' (partyBookingId set) or 'gift_voucher' (giftVoucherId set): exactly one subject.
     */
    purpose: text('purpose').notNull().default('booking'),
    bookingId: uuid('booking_id').references(() => bookings.id),
    creditPurchaseId: uuid('credit_purchase_id').references(() => creditPurchases.id),
    /** A party's deposit or balance (purpose 'party_deposit' or 'party_balance'). */
    partyBookingId: uuid('party_booking_id').references((): AnyPgColumn => partyBookings.id),
    /** A gift voucher's purchase (purpose 'gift_voucher'). */
    giftVoucherId: uuid('gift_voucher_id').references((): AnyPgColumn => giftVouchers.id),
    /** A membership's first payment (purpose 'membership') or a renewal ('membership_renewal'). */
    membershipId: uuid('membership_id').references((): AnyPgColumn => memberships.id),
    /** Which of the membership's periods it pays (1: the first): one payment per period. */
    membershipPeriod: integer('membership_period'),
    /** A counter till sale paid by card on a reader (issue 48). */
    tillSaleId: uuid('till_sale_id').references((): AnyPgColumn => tillSales.id),
    /** A special event's places (issue 51). */
    eventBookingId: uuid('event_booking_id').references((): AnyPgColumn => eventBookings.id),
    /** An order from a table (issue 49, purpose 'cafe_order'). */
    cafeOrderId: uuid('cafe_order_id').references((): AnyPgColumn => cafeOrders.id),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    providerPaymentId: text('provider_payment_id').unique(),
    clientSecret: text('client_secret'),
    amountPence: integer('amount_pence').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    refundStatus: text('refund_status', { enum: ['pending', 'succeeded'] }),
    refundPence: integer('refund_pence').notNull().default(0),
    refundReason: text('refund_reason', { enum: ['cancelled', 'late_payment', 'provider_refund'] }),
    refundId: text('refund_id'),
    /**
     * What the provider says paid it and where its receipt is: Stripe's latest charge's
     * payment_method_details.type ('card', which includes Google Pay and Apple Pay, or 'bacs_debit')
     * and receipt_url. Null until the provider reports them, and always in TEST MODE (no charge, no receipt).
     */
    paymentMethodType: text('payment_method_type'),
    receiptUrl: text('receipt_url'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /**
     * When the provider first said the money arrived (status succeeded; lockAndAdvancePayment), on the app's
     * clock: the day a party's deposit or balance counts in the Overview's takings (migration 0031). Null
     * before; party payments older than 0031 have their last change's time, booking payments none.
     */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A booking's payments; with the columns the CSV export sums and the payment search tests, so those
    // lookups read the index alone (migration 0025).
    index('payments_booking_sums_idx').on(t.bookingId, t.status, t.amountPence, t.refundStatus, t.refundPence),
    // CSV exports page through payments by (created_at, id).
    index('payments_created_idx').on(t.createdAt, t.id),
    uniqueIndex('payments_credit_purchase_idx').on(t.creditPurchaseId),
    check(
      'payments_one_subject',
      sql`num_nonnulls(booking_id, credit_purchase_id, party_booking_id, gift_voucher_id, membership_id, till_sale_id, event_booking_id, cafe_order_id) = 1`,
    ),
    uniqueIndex('payments_till_sale_idx').on(t.tillSaleId),
    uniqueIndex('payments_cafe_order_idx').on(t.cafeOrderId),
    uniqueIndex('payments_gift_voucher_idx').on(t.giftVoucherId),
    uniqueIndex('payments_event_booking_idx').on(t.eventBookingId),
    uniqueIndex('payments_membership_period_idx').on(t.membershipId, t.membershipPeriod),
    index('payments_party_idx').on(t.partyBookingId),
    index('payments_open_idx')
      .on(t.status, t.updatedAt)
      .where(sql`status in ('pending', 'processing')`),
    index('payments_refund_due_idx')
      .on(t.refundStatus)
      .where(sql`refund_status = 'pending'`),
  ],
);

/** Provider webhook events already handled: a repeat does nothing. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Process-independent settings, e.g. the app secret that signs cancellation links (generated once). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The offline TEST MODE provider's own ledger (DECISIONS.md): kept in the database so several server
 * processes agree on a payment's state, as they would with Stripe.
 */
export const testProviderPayments = pgTable(
  'test_provider_payments',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    clientSecret: text('client_secret').notNull().unique(),
    amountPence: integer('amount_pence').notNull(),
    status: text('status', { enum: ['pending', 'processing', 'succeeded', 'failed', 'canceled'] })
      .notNull()
      .default('pending'),
    description: text('description').notNull(),
    email: text('email').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    refundedPence: integer('refunded_pence').notNull().default(0),
    refundKeys: jsonb('refund_keys').$type<Record<string, string>>().notNull().default({}),
    /**
     * The last four digits of the test card that paid it (never the number): a membership's renewals charge
     * the card its first payment was made with, and 0341 declines them as Stripe's card of that number does.
     */
    cardLast4: text('card_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_provider_payments_idem_idx').on(t.idempotencyKey)],
);

/**
 * Fixed-window request counters for the abuse limits, in PostgreSQL so every server process sees
 * the same counts. Old windows are deleted by the sweep.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);

/**
 * A bundle of session credits bought online (SPEC.md section 9): pending until its payment is
 * confirmed, then paid once (the grant in credit_ledger is unique per purchase).
 */
export const creditPurchases = pgTable(
  'credit_purchases',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Normalised (trimmed, lower-cased): the key of the customer's credit account. */
    email: text('email').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    credits: integer('credits').notNull(),
    amountPence: integer('amount_pence').notNull(),
    savingsPence: integer('savings_pence').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'canceled', 'refunded'] })
      .notNull()
      .default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The client address that started the purchase: unpaid purchases are capped per address. */
    clientAddress: text('client_address'),
    /** Set when names and contact details were replaced by placeholders (retention or erasure); amounts stay. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The staff payment search finds bundles by part of the name, any case (payments/search-payments.ts).
    index('credit_purchases_name_trgm_idx').using('gin', sql`lower(${t.customerName}) gin_trgm_ops`),
    index('credit_purchases_email_idx').on(t.email, t.createdAt),
    // Overview's recent payments: bundles newest paid first.
    index('credit_purchases_paid_at_idx')
      .on(t.paidAt)
      .where(sql`paid_at is not null`),
    index('credit_purchases_retention_idx')
      .on(t.createdAt)
      .where(sql`anonymised_at is null`),
    index('credit_purchases_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    check('credit_purchases_credits_positive', sql`credits > 0`),
  ],
);

/**
 * One row per customer (normalised e-mail) that holds credits: the row every spend locks FOR UPDATE,
 * so two bookings of one family cannot both spend its last credit. The balance is not stored here:
 * it is derived from credit_ledger.
 */
export const creditAccounts = pgTable('credit_accounts', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const creditLedgerKinds = ['grant', 'hold', 'use', 'release', 'refund', 'revoke'] as const;
export type CreditLedgerKind = (typeof creditLedgerKinds)[number];

/**
 * Append-only credit ledger. `credits` is always positive; its effect on the spendable balance is
 * +grant -hold +release +refund -revoke (a use turns held credits into spent ones and changes nothing
 * spendable). A grant is unique per purchase: a payment confirmed twice grants once.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email')
      .notNull()
      .references(() => creditAccounts.email),
    kind: text('kind', { enum: creditLedgerKinds }).notNull(),
    credits: integer('credits').notNull(),
    purchaseId: uuid('purchase_id').references(() => creditPurchases.id),
    bookingId: uuid('booking_id').references(() => bookings.id),
    /** The database's clock when written (not the request's): the order things really happened in. */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('credit_ledger_email_idx').on(t.email),
    index('credit_ledger_booking_idx').on(t.bookingId),
    uniqueIndex('credit_ledger_grant_once_idx')
      .on(t.purchaseId)
      .where(sql`kind = 'grant'`),
    check('credit_ledger_credits_positive', sql`credits > 0`),
  ],
);

/** Named staff accounts (DECISIONS.md "Staff, kiosk and privacy"): argon2id hashes, roles admin and staff. */
export const staffAccounts = pgTable('staff_accounts', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** Lower-cased; what staff type to sign in. */
  username: text('username').notNull().unique(),
  displayName: text('display_name').notNull(),
  role: text('role', { enum: ['admin', 'staff'] }).notNull(),
  passwordHash: text('password_hash').notNull(),
  active: boolean('active').notNull().default(true),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Username of the admin who added it; null for the first admin and the demo seed. */
  createdBy: text('created_by'),
});

/**
 * Signed-in browsers. `kind` 'staff' is a person's session; 'kiosk' is a device staff switched to
 * kiosk mode, which may only use the check-in calls. The cookie holds a random token; only its
 * SHA-256 is stored, so a database leak does not leak sessions.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** What the admin screen names a session by (ending it), so the token's hash never leaves the server. */
    id: uuid('id')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()`),
    /** 'kitchen': a kitchen screen (issue 49), made and ended as kiosk devices are. */
    kind: text('kind', { enum: ['staff', 'kiosk', 'kitchen'] }).notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => staffAccounts.id),
    /** Kiosk devices get a name staff choose ("Front desk tablet"). */
    label: text('label').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per session (staff/staff-sessions.ts), not on every request. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_sessions_account_idx').on(t.accountId),
    // The admin list of live sessions and devices reads only these.
    index('staff_sessions_live_idx')
      .on(t.expiresAt)
      .where(sql`revoked_at is null`),
  ],
);

/** Every change staff make (block a slot, check someone out, mark an inquiry, refund). Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Username, "kiosk:<label>", or "system". */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    // The admin's audit view filtered by person, newest first (keyset paging on created_at, id).
    index('audit_log_actor_created_idx').on(t.actor, t.createdAt),
    // One subject's history (a booking's entries in the staff booking detail).
    index('audit_log_subject_idx').on(t.subjectId, t.createdAt),
  ],
);

/**
 * Loyalty members (DECISIONS.md "Loyalty"): created on the first paid opted-in booking. The row every
 * points spend locks FOR UPDATE; points are not stored here but derived from loyalty_ledger.
 */
export const loyaltyMembers = pgTable('loyalty_members', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** Normalised (trimmed, lower-cased). */
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  /** Counted at check-in, once per booking. */
  visitCount: integer('visit_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 'visit' (0 points) marks a booking's check-in as counted; written once, under the member's lock. */
/** 'close' brings an erased member's balance to zero (privacy/erase-data.ts). */
export const loyaltyLedgerKinds = ['welcome', 'earn', 'reverse', 'achievement', 'redeem', 'visit', 'close'] as const;

/**
 * Append-only points ledger: `points` is signed (earn positive, redeem and reverse negative). Unique
 * indexes make every award idempotent: one welcome per member, one earn and one reversal per booking,
 * one award per achievement.
 */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    memberId: uuid('member_id')
      .notNull()
      .references(() => loyaltyMembers.id),
    kind: text('kind', { enum: loyaltyLedgerKinds }).notNull(),
    points: integer('points').notNull(),
    description: text('description').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id),
    achievementId: text('achievement_id'),
    voucherId: uuid('voucher_id'),
    /**
     * A party's points (migration 0030): the party and the payment an 'earn' came from, and the payment
     * whose refund a 'reverse' takes them back for (parties are paid in two payments, each refundable).
     */
    partyBookingId: uuid('party_booking_id').references((): AnyPgColumn => partyBookings.id),
    paymentId: uuid('payment_id').references((): AnyPgColumn => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    // The order entries were written in: two written in the same transaction can share a created_at
    // (PGlite's clock counts milliseconds), and a member's history lists the welcome bonus before the
    // first points whatever the clock says.
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('loyalty_ledger_member_idx').on(t.memberId, t.createdAt),
    uniqueIndex('loyalty_ledger_welcome_once_idx')
      .on(t.memberId)
      .where(sql`kind = 'welcome'`),
    uniqueIndex('loyalty_ledger_earn_once_idx')
      .on(t.bookingId)
      .where(sql`kind = 'earn'`),
    uniqueIndex('loyalty_ledger_reverse_once_idx')
      .on(t.bookingId)
      .where(sql`kind = 'reverse'`),
    uniqueIndex('loyalty_ledger_achievement_once_idx')
      .on(t.memberId, t.achievementId)
      .where(sql`kind = 'achievement'`),
    index('loyalty_ledger_party_idx').on(t.partyBookingId),
    // A party payment earns once, and its refund takes points back once (however often it is reported).
    uniqueIndex('loyalty_ledger_payment_earn_once_idx')
      .on(t.paymentId)
      .where(sql`kind = 'earn'`),
    uniqueIndex('loyalty_ledger_payment_reverse_once_idx')
      .on(t.paymentId)
      .where(sql`kind = 'reverse'`),
  ],
);

/** A 6-digit code e-mailed to the member before a redemption spends points (10 minutes, 5 tries). */
export const loyaltyRedemptionCodes = pgTable(
  'loyalty_redemption_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    memberId: uuid('member_id')
      .notNull()
      .references(() => loyaltyMembers.id),
    rewardId: text('reward_id').notNull(),
    /** SHA-256 of the code with the app secret; the code itself is only in the e-mail. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loyalty_codes_member_idx').on(t.memberId, t.createdAt)],
);

/** What a redemption yields: 10% off and free session apply at booking; drink and party discount are marked used by staff. */
export const loyaltyVouchers = pgTable(
  'loyalty_vouchers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    code: text('code').notNull().unique(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => loyaltyMembers.id),
    rewardId: text('reward_id').notNull(),
    pointsCost: integer('points_cost').notNull(),
    status: text('status', { enum: ['issued', 'held', 'used', 'void'] })
      .notNull()
      .default('issued'),
    bookingId: uuid('booking_id').references(() => bookings.id),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: text('used_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loyalty_vouchers_member_idx').on(t.memberId)],
);

/**
 * Arrivals at the kiosk: a booking checks in at most once (unique booking_id: "Ticket Already Used"),
 * or a walk-in who paid at reception is recorded with its own name. Checked out by the family or staff.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    bookingId: uuid('booking_id').references(() => bookings.id),
    walkInName: text('walk_in_name'),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    children: integer('children').notNull(),
    adults: integer('adults').notNull(),
    numberPlate: text('number_plate'),
    parkingAgreed: boolean('parking_agreed').notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    /** "kiosk:<label>" or a staff username. */
    checkedInBy: text('checked_in_by').notNull(),
    checkedOutBy: text('checked_out_by'),
  },
  (t) => [
    uniqueIndex('check_ins_booking_once_idx').on(t.bookingId),
    // The desk's name search finds today's walk-ins (checkin/kiosk-tickets.ts) without reading years of arrivals.
    index('check_ins_walk_in_idx')
      .on(t.visitDate)
      .where(sql`walk_in_name is not null`),
    index('check_ins_active_idx')
      .on(t.visitDate)
      .where(sql`checked_out_at is null`),
    // Plates are cleared 30 days after the visit (privacy/retention.ts): the job finds them by date.
    index('check_ins_plate_idx')
      .on(t.visitDate)
      .where(sql`number_plate is not null`),
    check('check_ins_booking_or_walk_in', sql`(booking_id is null) <> (walk_in_name is null)`),
  ],
);

/**
 * A check-in a kiosk made offline and sent later (issue 41, DECISIONS.md "The kiosk offline"), keyed by the
 * id the device gave it, so a batch replayed after a dropped answer is applied once. The first admission of
 * a booking is its check_ins row (check_in_id); a later one (another device admitted the same ticket while
 * both were offline) is kept here with the places it let in beyond the ticket's: staff see them.
 */
export const kioskOfflineCheckIns = pgTable(
  'kiosk_offline_check_ins',
  {
    /** Generated by the device when it admitted the family. */
    id: uuid('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    /** The device's name ("kiosk:<label>", as the audit log writes it) and its session's short id. */
    device: text('device').notNull(),
    deviceId: text('device_id').notNull(),
    /** Places the device let in (the ticket's party) and how many of them were beyond the ticket's places. */
    places: integer('places').notNull(),
    overPlaces: integer('over_places').notNull().default(0),
    checkInId: uuid('check_in_id').references(() => checkIns.id),
    /** The device's clock when it admitted the family (informational); received_at is the server's. */
    admittedAt: timestamp('admitted_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('kiosk_offline_check_ins_booking_idx').on(t.bookingId),
    // The Checked In tab reads the day's over-admissions.
    index('kiosk_offline_check_ins_over_idx')
      .on(t.visitDate)
      .where(sql`over_places > 0`),
    check('kiosk_offline_check_ins_places', sql`places >= 0 and over_places >= 0 and over_places <= places`),
  ],
);

/**
 * Proof of an e-mail address (DECISIONS.md "Families' data: an e-mail address is not a key"): a 6-digit
 * code and a one-click link token, mailed together. Both stored hashed; 10 minutes, 5 wrong tries.
 * A newer code for the address ends the older unused ones.
 */
export const familySignInCodes = pgTable(
  'family_sign_in_codes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Normalised (trimmed, lower-case). */
    email: text('email').notNull(),
    /** HMAC of the code with the app secret and the address. */
    codeHash: text('code_hash').notNull(),
    /** SHA-256 of the link token. */
    linkHash: text('link_hash').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_codes_email_idx').on(t.email, t.createdAt)],
);

/** A browser's proof that it read one address's mail: the cookie holds a random token; only its SHA-256 is stored. */
export const familySessions = pgTable(
  'family_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** Normalised (trimmed, lower-case). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_sessions_email_idx').on(t.email)],
);

/**
 * Overview's "total customers" as a summary kept by the database itself (migration 0013): every address
 * with at least one confirmed or processing booking (lower-cased) or paid credit purchase, and how many
 * such rows name it. Triggers on bookings and credit_purchases write it in the transaction that changes
 * them (paid, cancelled, refunded, anonymised, erased); an address whose last row goes is deleted.
 */
export const customerEmails = pgTable('customer_emails', {
  email: text('email').primaryKey(),
  refs: integer('refs').notNull(),
});

/** The number of customer_emails rows, in 16 shards (hashtext(email) & 15) so new families do not queue on one row. */
export const customerTotals = pgTable('customer_totals', {
  shard: integer('shard').primaryKey(),
  customers: integer('customers').notNull().default(0),
});

/**
 * The Overview's bookings and takings per venue day (migrations 0021 and 0031), kept by the database itself:
 * triggers on bookings, credit_purchases, payments (party deposits and balances) and gift_voucher_ledger (a
 * voucher's value spent on a party) add a row of changes (+1 booking sold on the day it was made; +/- takings
 * of one kind on the day they were paid) in the transaction that changes them. Rows are only ever added, so
 * no sale waits for another on a shared row; foldSalesByDay replaces a day's rows with their sum now and
 * then, in one statement, so the sum never changes. A day's figures are the sum of its rows.
 * takings_pence is every kind's together (the Overview's revenue); each kind also has its own column
 * (overview/takings-kinds.ts names them; a new kind is a column, its trigger and one entry there).
 */
export const salesByDay = pgTable(
  'sales_by_day',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day').notNull(),
    bookings: integer('bookings').notNull(),
    takingsPence: bigint('takings_pence', { mode: 'number' }).notNull(),
    /** Ticket bookings' card part (final_pence), on the day confirmed. */
    ticketsPence: bigint('tickets_pence', { mode: 'number' }).notNull().default(0),
    /** Session credit bundles, on the day paid. */
    creditBundlesPence: bigint('credit_bundles_pence', { mode: 'number' }).notNull().default(0),
    /** Party deposits and balances paid by card, less what went back, on the day paid. */
    partiesPence: bigint('parties_pence', { mode: 'number' }).notNull().default(0),
    /** Gift voucher value spent on bookings (day confirmed) and parties (day spent), less what went back. */
    giftVouchersPence: bigint('gift_vouchers_pence', { mode: 'number' }).notNull().default(0),
    /** Membership payments (first and renewals), less what went back, on the day paid (issue 40). */
    membershipsPence: bigint('memberships_pence', { mode: 'number' }).notNull().default(0),
    /** Cafe lines sold at the till (what money paid of them), less refunds, on the day paid (issue 48). */
    cafePence: bigint('cafe_pence', { mode: 'number' }).notNull().default(0),
    /** Shop lines sold at the till, the same way. */
    shopPence: bigint('shop_pence', { mode: 'number' }).notNull().default(0),
    /** Special events' places paid, less what went back, on the day paid (issue 51). */
    eventsPence: bigint('events_pence', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('sales_by_day_day_idx').on(t.day),
    // Every row's kinds add up to its takings: a writer that knows no kinds (a fold by a process older
    // than 0031, during a rolling restart) is refused rather than losing them.
    check(
      'sales_by_day_kinds_add_up',
      sql`${t.takingsPence} = ${t.ticketsPence} + ${t.creditBundlesPence} + ${t.partiesPence} + ${t.giftVouchersPence} + ${t.membershipsPence} + ${t.cafePence} + ${t.shopPence} + ${t.eventsPence}`,
    ),
  ],
);

/**
 * One row per backup taken (nightly or `npm run backup`). `slot` makes the nightly one once across
 * processes: the first to insert 'nightly:YYYY-MM-DD' takes it. The staff Overview shows the newest 'ok'.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    slot: text('slot').notNull().unique(),
    kind: text('kind', { enum: ['nightly', 'manual'] }).notNull(),
    status: text('status', { enum: ['running', 'ok', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The file's name in BACKUP_DIR, and its size in bytes. */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    /** Where the copy went when an S3-compatible bucket is configured: 's3://bucket/key', or null. */
    copiedTo: text('copied_to'),
    error: text('error'),
  },
  (t) => [index('backup_runs_finished_idx').on(t.status, t.finishedAt)],
);

/**
 * The counter till's Stripe Terminal readers (issue 48, till/card-reader.ts): registered by an admin with the
 * code the reader shows, at the venue's one Terminal location. TEST MODE has a built-in simulated reader
 * instead, which is no row here.
 */
export const tillReaders = pgTable('till_readers', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** Stripe's reader id (tmr_...). */
  stripeReaderId: text('stripe_reader_id').notNull().unique(),
  stripeLocationId: text('stripe_location_id').notNull(),
  label: text('label').notNull(),
  /** Stripe's device_type (bbpos_wisepos_e, stripe_s700, simulated_wisepos_e, ...). */
  deviceType: text('device_type').notNull(),
  serialNumber: text('serial_number').notNull().default(''),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The card payment a till sale sent to a reader: which PaymentIntent, on which reader, and what the server last
 * learnt of it (the webhook, a server-side retrieve, or the TEST MODE simulated reader). One row per sale; a
 * payment cancelled and tried again gets a new PaymentIntent (`attempt` + 1).
 */
export const tillReaderPayments = pgTable('till_reader_payments', {
  saleId: text('sale_id').primaryKey(),
  paymentIntentId: text('payment_intent_id').notNull().unique(),
  /** A till_readers id, or 'simulated' (TEST MODE's built-in reader). */
  readerId: text('reader_id').notNull(),
  amountPence: integer('amount_pence').notNull(),
  attempt: integer('attempt').notNull().default(1),
  status: text('status', { enum: ['in_progress', 'paid', 'declined', 'cancelled'] })
    .notNull()
    .default('in_progress'),
  message: text('message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A staff member's own PIN for switching user on a till device (issue 48, staff/staff-pins.ts), hashed like a
 * password. Five wrong PINs in a row lock the PIN (not the account, whose password still works) until
 * `lockedUntil`.
 */
export const staffPins = pgTable('staff_pins', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => staffAccounts.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash').notNull(),
  /** Wrong PINs since the last right one (or since the last lock ended); counted before the PIN is checked. */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Browsers that have signed in to a staff account before (a long-lived cookie holds the token; only its
 * hash is here). While a username is under attack from elsewhere, its known devices can still sign in.
 */
export const staffDevices = pgTable(
  'staff_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_devices_account_idx').on(t.accountId)],
);

export const partyBookingStatuses = ['held', 'confirmed', 'cancelled', 'expired'] as const;
export type PartyBookingStatus = (typeof partyBookingStatuses)[number];

/**
 * Parties booked online (issue 28, server/parties): a room (room_id; null for Private Hire, the whole
 * barn) on a date and party slot. Held while the deposit is paid, then confirmed; a hold that runs out is
 * expired. Which room a party gets is decided under the lock of its party_slot_locks row; the partial
 * unique index is the backstop. price_lines are the lines it was sold with (server/parties/party-price.ts).
 */
export const partyBookings = pgTable(
  'party_bookings',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    reference: text('reference').notNull().unique(),
    partyDate: date('party_date', { mode: 'string' }).notNull(),
    slotId: text('slot_id').notNull(),
    roomId: text('room_id'),
    packageId: text('package_id').notNull(),
    children: integer('children').notNull(),
    childFirstName: text('child_first_name').notNull(),
    childAge: integer('child_age').notNull(),
    parentName: text('parent_name').notNull(),
    parentEmail: text('parent_email').notNull(),
    parentPhone: text('parent_phone').notNull(),
    status: text('status', { enum: partyBookingStatuses }).notNull(),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    depositPence: integer('deposit_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    priceLines: jsonb('price_lines').notNull(),
    /** What has been paid so far (deposit, then balance), integer pence; the balance due is total - paid. */
    paidPence: integer('paid_pence').notNull().default(0),
    /** One food choice id per child where the package includes food (catalogue partyBooking.foodOptions). */
    foodChoices: jsonb('food_choices')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The family's dietary needs and allergies, free text. */
    dietaryNotes: text('dietary_notes').notNull().default(''),
    /** Staff's notes on the party sheet. */
    staffNotes: text('staff_notes').notNull().default(''),
    /** The balance reminders sent at 14 and 8 days before the party (each once). */
    balanceReminder14At: timestamp('balance_reminder_14_at', { withTimezone: true }),
    balanceReminder8At: timestamp('balance_reminder_8_at', { withTimezone: true }),
    /** Set when a staff member made the party for a phone caller (their username). */
    createdByStaff: text('created_by_staff'),
    /** The client address that asked for an online hold (pending-payment-cap.ts caps unpaid holds by it). */
    clientAddress: text('client_address'),
    /** What gift vouchers have paid towards this party so far (also in paid_pence); their ledger says which. */
    giftVoucherPence: integer('gift_voucher_pence').notNull().default(0),
    /** On cancellation: 'refund', 'keep' or 'none' (nothing was paid). */
    depositOutcome: text('deposit_outcome', { enum: ['refund', 'keep', 'none'] }),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('party_bookings_live_room_idx')
      .on(t.partyDate, t.slotId, sql`coalesce(${t.roomId}, '')`)
      .where(sql`${t.status} in ('held', 'confirmed')`),
    index('party_bookings_held_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'held'`),
    index('party_bookings_email_idx').on(sql`lower(${t.parentEmail})`),
    check('party_bookings_status_check', sql`${t.status} in ('held', 'confirmed', 'cancelled', 'expired')`),
    check('party_bookings_children_check', sql`${t.children} > 0`),
    check('party_bookings_pence_check', sql`${t.depositPence} >= 0 and ${t.totalPence} >= ${t.depositPence}`),
  ],
);

/** One row per party date and slot, made on first use and locked FOR UPDATE while a room there is given. */
export const partySlotLocks = pgTable(
  'party_slot_locks',
  {
    partyDate: date('party_date', { mode: 'string' }).notNull(),
    slotId: text('slot_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partyDate, t.slotId] })],
);

export const partyRsvps = ['coming', 'not_coming'] as const;

/**
 * A guest invitation to a party (issue 28): an unguessable link (only its sha256 is kept) that shows the
 * party's date, time, venue and the host child's first name, and takes one RSVP. Deleted by the retention
 * job 7 days after the party; the link stops working then.
 */
export const partyInvitations = pgTable(
  'party_invitations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    partyId: uuid('party_id')
      .notNull()
      .references(() => partyBookings.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    guestEmail: text('guest_email').notNull(),
    rsvp: text('rsvp', { enum: partyRsvps }),
    guestChildFirstName: text('guest_child_first_name'),
    allergies: text('allergies'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('party_invitations_party_idx').on(t.partyId),
    check('party_invitations_rsvp_check', sql`${t.rsvp} is null or ${t.rsvp} in ('coming', 'not_coming')`),
  ],
);

export const giftVoucherStatuses = ['pending_payment', 'active', 'void'] as const;
export type GiftVoucherStatus = (typeof giftVoucherStatuses)[number];

/**
 * Gift vouchers (issue 29, server/gift-vouchers): sold for an amount or for a visit (a ticket type at its
 * price on the day of purchase). The code is never stored: it is derived from the app secret and the id
 * when a mail or the printable page needs it (gift-voucher-code.ts), and only its sha256 is kept to find
 * the voucher when someone types it; code_last4 lets staff tell vouchers apart. The balance is kept here,
 * changed only under this row's lock, with every change written to gift_voucher_ledger.
 */
export const giftVouchers = pgTable(
  'gift_vouchers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    codeHash: text('code_hash').notNull().unique(),
    codeLast4: text('code_last4').notNull(),
    kind: text('kind', { enum: ['amount', 'visit'] }).notNull(),
    /** A visit voucher: the ticket type and what it cost (price and fee) on the day it was bought. */
    ticketTypeId: text('ticket_type_id'),
    ticketTypeTitle: text('ticket_type_title'),
    ticketPricePence: integer('ticket_price_pence'),
    initialPence: integer('initial_pence').notNull(),
    balancePence: integer('balance_pence').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message').notNull().default(''),
    /** The venue-local day the recipient's mail goes out; sent_at once it is in the outbox. */
    sendOn: date('send_on', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last day it can be spent (the catalogue's validity, at least 12 months after send_on). */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: giftVoucherStatuses }).notNull().default('pending_payment'),
    voidReason: text('void_reason'),
    /** A reissued voucher is void and names the voucher that replaced it. */
    reissuedTo: uuid('reissued_to').references((): AnyPgColumn => giftVouchers.id),
    /** The client address that started the purchase: unpaid purchases are capped per address. */
    clientAddress: text('client_address'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The recipient mails still to send: active vouchers whose mail has not gone.
    index('gift_vouchers_unsent_idx')
      .on(t.sendOn)
      .where(sql`${t.sentAt} is null and ${t.status} = 'active'`),
    index('gift_vouchers_created_idx').on(t.createdAt, t.id),
    index('gift_vouchers_last4_idx').on(t.codeLast4),
    check('gift_vouchers_kind_check', sql`${t.kind} in ('amount', 'visit')`),
    check('gift_vouchers_status_check', sql`${t.status} in ('pending_payment', 'active', 'void')`),
    check('gift_vouchers_balance_check', sql`${t.balancePence} >= 0 and ${t.balancePence} <= ${t.initialPence}`),
    check('gift_vouchers_visit_check', sql`${t.kind} = 'amount' or ${t.ticketTypeId} is not null`),
  ],
);

export const giftVoucherLedgerKinds = ['purchase', 'redeem', 'refund_to_voucher', 'extend', 'void', 'reissue'] as const;
export type GiftVoucherLedgerKind = (typeof giftVoucherLedgerKinds)[number];

/**
 * Every change to a gift voucher: what moved (signed pence: a redeem is negative), the balance after it,
 * who did it ('system', 'buyer' or a staff actor), and for what (a booking or party it paid, a reason).
 * Written in the transaction that changes the voucher, under its row lock.
 */
export const giftVoucherLedger = pgTable(
  'gift_voucher_ledger',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => giftVouchers.id),
    kind: text('kind', { enum: giftVoucherLedgerKinds }).notNull(),
    amountPence: integer('amount_pence').notNull(),
    balanceAfterPence: integer('balance_after_pence').notNull(),
    actor: text('actor').notNull(),
    reason: text('reason'),
    bookingId: uuid('booking_id').references(() => bookings.id),
    partyBookingId: uuid('party_booking_id').references(() => partyBookings.id),
    /** An extension: the expiry before and after. A reissue: the other voucher. */
    expiresOnBefore: date('expires_on_before', { mode: 'string' }),
    expiresOnAfter: date('expires_on_after', { mode: 'string' }),
    otherVoucherId: uuid('other_voucher_id'),
    /** The database's clock when written: the order things really happened in. */
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('gift_voucher_ledger_voucher_idx').on(t.voucherId, t.createdAt),
    index('gift_voucher_ledger_booking_idx').on(t.bookingId),
    index('gift_voucher_ledger_party_idx').on(t.partyBookingId),
    uniqueIndex('gift_voucher_ledger_purchase_once_idx')
      .on(t.voucherId)
      .where(sql`kind = 'purchase'`),
  ],
);

export const waitingListStatuses = ['waiting', 'offered', 'booked', 'expired', 'left'] as const;

/**
 * A family waiting for a place in a full session (DECISIONS.md "Gift vouchers and waiting lists"). In order
 * of created_at, the first 'waiting' entry whose places fit is 'offered': its places are taken in
 * session_occupancy (places_held) for the offer's hours, and only a booking made with the offer's token may
 * use them. The offer ends 'booked', or 'expired' (places given back, the next family offered); 'left' when
 * the family leaves. Rows are deleted after their date.
 */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** The proven address (family sign-in), normalised to lower case. */
    email: text('email').notNull(),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    /** null: a weekday all-day ticket, counted against every session of its day (as bookings.session_id). */
    sessionId: text('session_id').references(() => sessionTimes.id),
    places: integer('places').notNull(),
    status: text('status', { enum: waitingListStatuses }).notNull().default('waiting'),
    /** True while the offer's places are counted in session_occupancy; flipped under this row's lock. */
    placesHeld: boolean('places_held').notNull().default(false),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** SHA-256 of the token in the offer e-mail's checkout link. */
    offerTokenHash: text('offer_token_hash'),
    /** Who made the offer: 'system' or the staff member who offered by hand. */
    offeredBy: text('offered_by'),
    bookingId: uuid('booking_id').references(() => bookings.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One live entry per family, date and session.
    uniqueIndex('waiting_list_live_idx')
      .on(t.email, t.visitDate, sql`coalesce(${t.sessionId}, '')`)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    // The queue of a date's sessions, in order.
    index('waiting_list_queue_idx')
      .on(t.visitDate, t.sessionId, t.createdAt)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waiting_list_offer_expiry_idx')
      .on(t.offerExpiresAt)
      .where(sql`${t.status} = 'offered'`),
    index('waiting_list_email_idx').on(t.email),
    uniqueIndex('waiting_list_offer_token_idx').on(t.offerTokenHash),
    check('waiting_list_status_check', sql`${t.status} in ('waiting', 'offered', 'booked', 'expired', 'left')`),
    check('waiting_list_places_check', sql`${t.places} between 1 and 20`),
  ],
);

/**
 * Families the venue knows (issue 39, DECISIONS.md "Families the venue knows"): a profile per proven e-mail
 * address (the family sign-in), its adults, and the children on it. Children's dates of birth and notes are
 * children's personal data: shown to the family and to staff on that family's bookings only, exported and
 * erased with the address, and deleted with a profile that has had no visit for 3 years.
 */
export const familyProfiles = pgTable('family_profiles', {
  /** Normalised (trimmed, lower-case), as family_sessions. */
  email: text('email').primaryKey(),
  /** [{ name, phone }]: the adults who bring the children. */
  adults: jsonb('adults')
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The id a birthday reminder's one-click unsubscribe link names (signed; families/unsubscribe.ts). */
  unsubscribeId: uuid('unsubscribe_id').notNull().defaultRandom(),
  /** "E-mail me about a party about six weeks before a birthday": never ticked for the family. */
  birthdayReminders: boolean('birthday_reminders').notNull().default(false),
  /** When the consent was last given or withdrawn (null: never asked). */
  birthdayRemindersChangedAt: timestamp('birthday_reminders_changed_at', { withTimezone: true }),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const familyChildren = pgTable(
  'family_children',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email')
      .notNull()
      .references(() => familyProfiles.email, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    /** Allergies, additional needs: optional, for staff on this family's bookings. */
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_children_email_idx').on(t.email)],
);

/** The venue's visit agreement (rules of play), versioned: a published version is never edited. */
export const agreementVersions = pgTable('agreement_versions', {
  version: integer('version').primaryKey(),
  text: text('text').notNull(),
  /** From this London date on, an adult must accept this version (or a later one). */
  effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
  publishedBy: text('published_by').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An adult's acceptance of one version for named children: never edited, only superseded by a newer one. */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    version: integer('version')
      .notNull()
      .references(() => agreementVersions.version),
    /** The adult's full name, as typed. */
    fullName: text('full_name').notNull(),
    /** The profile's children it covers (their ids), and their first names as they were when accepted. */
    childIds: uuid('child_ids').array().notNull(),
    childNames: text('child_names').array().notNull(),
    /** The booking it was accepted for, when accepted from a booking or at the kiosk. */
    bookingId: uuid('booking_id'),
    /** 'online' or 'kiosk'. */
    acceptedVia: text('accepted_via').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agreement_acceptances_email_idx').on(t.email),
    index('agreement_acceptances_booking_idx').on(t.bookingId),
  ],
);

/**
 * The profile's children a booking names as coming (issue 39, `childIds` on /api/create-booking-payment): the
 * kiosk shows their first names for the visit agreement, staff see their notes, and a membership prices the ones
 * it covers (issue 40). Erasing a child or a booking takes its rows with it.
 */
export const bookingChildren = pgTable(
  'booking_children',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    childId: uuid('child_id')
      .notNull()
      .references(() => familyChildren.id, { onDelete: 'cascade' }),
    /** The membership that paid for this child's place on this booking (issue 40), null when none did. */
    membershipId: uuid('membership_id').references((): AnyPgColumn => memberships.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.childId] }), index('booking_children_child_idx').on(t.childId)],
);

/**
 * Memberships (issue 40, DECISIONS.md "Memberships"): a family's plan, bought with a proven address. The
 * plan is copied as it was sold (price, period, children, days), so an admin's later edit never changes
 * what a member bought. Status: pending (first payment not yet in), active, past_due (a renewal failed and
 * is being retried), paused (the last retry failed, or an admin paused it), cancelled (runs to the end of
 * the period paid, then ends), ended. Money in integer pence.
 */
export const membershipStatuses = ['pending', 'active', 'past_due', 'paused', 'cancelled', 'ended'] as const;
export const membershipNumberSeq = pgSequence('membership_number_seq', { startWith: 1001 });
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the member card and staff say ("M1001"): a number from a sequence, never reused. */
    memberNumber: integer('member_number')
      .notNull()
      .unique()
      .default(sql`nextval('membership_number_seq')`),
    /** The family's proven (normalised) address. */
    email: text('email').notNull(),
    planId: text('plan_id').notNull(),
    /** The plan as sold (shared/memberships.ts MembershipPlanDocument). */
    plan: jsonb('plan').$type<MembershipPlanDocument>().notNull(),
    pricePence: integer('price_pence').notNull(),
    period: text('period', { enum: ['monthly', 'annual'] }).notNull(),
    status: text('status', { enum: membershipStatuses }).notNull().default('pending'),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    /** How many periods have been paid (0 while pending). */
    periodsPaid: integer('periods_paid').notNull().default(0),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Stripe Billing's customer and subscription (monthly plans with Stripe); null in TEST MODE and for annual plans. */
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    /** TEST MODE renewals: failed tries of the current renewal, and when the next one is due. */
    renewalAttempts: integer('renewal_attempts').notNull().default(0),
    nextRenewalAttemptAt: timestamp('next_renewal_attempt_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** 14 days from joining (UK consumer law): until then the family may cancel with a refund. */
    coolingOffUntil: timestamp('cooling_off_until', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * When it last became paused (the last renewal failed, or an admin paused it): a pause that is not paid
     * within 60 days ends (renew-memberships.ts), and an admin's resume gives back the paid time the pause took.
     */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Why it paused or ended ('renewal_failed', 'cooling_off', 'cancelled', 'admin: ...'). */
    statusReason: text('status_reason'),
    /**
     * Which member card works (memberships/member-card.ts signs the id with it): replacing a lost card moves it
     * on, so the old card stops at once, online and in the kiosk's next day list.
     */
    cardVersion: integer('card_version').notNull().default(1),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('memberships_email_idx').on(t.email),
    check('memberships_price_positive', sql`price_pence > 0`),
    // What the renewal job looks for: live memberships whose period (or retry) is due.
    index('memberships_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`status in ('active', 'past_due', 'cancelled')`),
  ],
);

/** The named children of the family profile a membership covers; a child removed from the profile leaves it. */
export const membershipChildren = pgTable(
  'membership_children',
  {
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    childId: uuid('child_id')
      .notNull()
      .references(() => familyChildren.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.childId] }), index('membership_children_child_idx').on(t.childId)],
);

/**
 * What a membership paid for on a booking (issue 46, DECISIONS.md "Memberships keep their money straight"), written
 * in the booking's own transaction by its cover step (bookings/member-cover.ts), one row per membership: how many
 * children's places it paid for (`visits`) and what its places were worth, grown-ups free included
 * (`value_pence`; the rows of a booking add up to bookings.membership_cover_pence). Unlike booking_children it names
 * no child, so no profile edit can take it away: the cooling-off refund and the visits staff see read it.
 */
export const bookingMembershipCover = pgTable(
  'booking_membership_cover',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    visits: integer('visits').notNull(),
    valuePence: integer('value_pence').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.membershipId] }),
    index('booking_membership_cover_membership_idx').on(t.membershipId),
    check('booking_membership_cover_amounts', sql`visits >= 0 and value_pence >= 0`),
  ],
);

/**
 * Visits a membership covered that its payments have not paid for, when it stopped renewing (issue 40: paused
 * after the last failed renewal, or cancelled to its period's end): one row per booking, written with the one
 * mail that lists them (so a second process or a rerun neither mails nor lists twice). At `deadline` the
 * membership job keeps the booking if the membership covers its day again (paid meanwhile), or else cancels it
 * through the bookings domain; `outcome` says which, once.
 */
export const membershipUnpaidVisits = pgTable(
  'membership_unpaid_visits',
  {
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** 'paused' (the last renewal failed) or 'ending' (cancelled: it ends before the visit). */
    reason: text('reason', { enum: ['paused', 'ending'] }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull(),
    outcome: text('outcome', { enum: ['kept', 'cancelled'] }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.membershipId, t.bookingId] }),
    index('membership_unpaid_visits_due_idx')
      .on(t.deadline)
      .where(sql`outcome is null`),
    index('membership_unpaid_visits_booking_idx').on(t.bookingId),
  ],
);

/** The shop the till sells beside the cafe (grip socks, nappies): edited as one list in the Venue tab. */
export const shopItems = pgTable('shop_items', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  pricePence: integer('price_pence').notNull(),
  vatTreatment: text('vat_treatment', { enum: vatTreatments }).notNull().default('standard'),
  available: boolean('available').notNull().default(true),
  sort: integer('sort').notNull(),
});

/** A till opened with a float and closed by counting the drawer (issue 48); one open session per till. */
export const tillSessions = pgTable(
  'till_sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    till: text('till').notNull(),
    openedBy: text('opened_by').notNull(),
    openedByAccount: uuid('opened_by_account').notNull(),
    /** Who sells on it now: the opener, until a quick switch (POST /api/till/switch-user) hands the till over. */
    operator: text('operator').notNull(),
    operatorAccount: uuid('operator_account').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    floatPence: integer('float_pence').notNull(),
    closedBy: text('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** How many of each denomination (pence as text -> count) the drawer held at close. */
    counted: jsonb('counted').$type<Record<string, number>>(),
    countedPence: integer('counted_pence'),
    note: text('note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('till_sessions_one_open_idx')
      .on(t.till)
      .where(sql`closed_at is null`),
    index('till_sessions_opened_idx').on(t.openedAt),
  ],
);

/** Cash put into or taken out of a till's drawer, with the reason. */
export const tillCashMovements = pgTable('till_cash_movements', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => tillSessions.id),
  direction: text('direction', { enum: ['in', 'out'] }).notNull(),
  amountPence: integer('amount_pence').notNull(),
  reason: text('reason').notNull(),
  actor: text('actor').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** A sale at the counter: its lines are priced by the server; `request_id` makes a retry the same sale. */
export const tillSales = pgTable(
  'till_sales',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => tillSessions.id),
    requestId: uuid('request_id').notNull().unique(),
    status: text('status', { enum: saleStatuses }).notNull(),
    statusMessage: text('status_message'),
    eatIn: boolean('eat_in').notNull(),
    /** Its entry is checked in once paid (staff ticked it; a card sale is paid later, by the reader). */
    checkIn: boolean('check_in').notNull().default(false),
    totalPence: integer('total_pence').notNull(),
    voucherPence: integer('voucher_pence').notNull().default(0),
    method: text('method', { enum: ['cash', 'card', 'voucher'] }).notNull(),
    tenderedPence: integer('tendered_pence'),
    changePence: integer('change_pence'),
    staff: text('staff').notNull(),
    staffAccount: uuid('staff_account').notNull(),
    /** The walk-in booking its entry lines made (places taken through the booking capacity path). */
    bookingId: uuid('booking_id').references(() => bookings.id),
    giftVoucherId: uuid('gift_voucher_id'),
    paymentIntentId: text('payment_intent_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('till_sales_session_idx').on(t.sessionId), index('till_sales_created_idx').on(t.createdAt)],
);

/** One line of a till sale, with its VAT rate, net and VAT at the time of sale (rounded per line). */
export const tillSaleLines = pgTable(
  'till_sale_lines',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => tillSales.id),
    sort: integer('sort').notNull(),
    kind: text('kind', { enum: ['entry', 'cafe', 'shop'] }).notNull(),
    itemId: text('item_id').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPence: integer('unit_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    vatRateBasisPoints: integer('vat_rate_bp').notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
  },
  (t) => [index('till_sale_lines_sale_idx').on(t.saleId)],
);

/** Lines given back: in cash from a session's drawer or to the card. `request_id` makes a retry one refund. */
export const tillRefunds = pgTable(
  'till_refunds',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    requestId: uuid('request_id').notNull().unique(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => tillSales.id),
    /** The session whose drawer paid a cash refund (or where a card refund was made). */
    sessionId: uuid('session_id')
      .notNull()
      .references(() => tillSessions.id),
    method: text('method', { enum: ['cash', 'card'] }).notNull(),
    amountPence: integer('amount_pence').notNull(),
    /** The lines refunded: [{ lineId, quantity, pence, netPence, vatPence, vatRateBasisPoints }]. */
    lines: jsonb('lines').$type<TillRefundLine[]>().notNull(),
    reason: text('reason').notNull().default(''),
    actor: text('actor').notNull(),
    providerRefundId: text('provider_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('till_refunds_session_idx').on(t.sessionId), index('till_refunds_sale_idx').on(t.saleId)],
);

export type TillRefundLine = {
  lineId: string;
  kind: 'entry' | 'cafe' | 'shop';
  quantity: number;
  pence: number;
  netPence: number;
  vatPence: number;
  vatRateBasisPoints: number;
};

// Issue 50: the VAT ledger and the accounts settings.
export * from './schema-accounts';
export * from './schema-events';
export * from './schema-cafe-orders';
