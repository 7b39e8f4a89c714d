import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Seeded from src/shared/venue.ts; the server prices orders from these rows. */
export const ticketTypes = pgTable('ticket_types', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  pricePence: integer('price_pence').notNull(),
  feePence: integer('fee_pence').notNull().default(0),
  ageRange: text('age_range').notNull(),
  colour: text('colour').notNull(),
  isChild: boolean('is_child').notNull(),
  weekdayMorningOnly: boolean('weekday_morning_only').notNull().default(false),
  active: boolean('active').notNull().default(true),
  sort: integer('sort').notNull(),
});

export const sessionTimes = pgTable('session_times', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  capacity: integer('capacity').notNull(),
  sort: integer('sort').notNull(),
});

/** Contact and party enquiries. `details` holds the party form's extra fields. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    source: text('source', { enum: ['contact', 'party'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    inquiryType: text('inquiry_type').notNull(),
    message: text('message').notNull(),
    details: jsonb('details').$type<Record<string, string>>(),
    responded: boolean('responded').notNull().default(false),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inquiries_created_idx').on(t.createdAt)],
);

/**
 * Durable mail queue: a message is written in the same transaction as what caused it, then a
 * worker delivers it (SMTP_URL) with retries, or keeps it here for staff to read (no SMTP_URL).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    dedupeKey: text('dedupe_key').unique(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'sent', 'kept'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export type MailAttachment = {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
  cid?: string;
};
