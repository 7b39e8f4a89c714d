import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cafeOrderStatuses } from '../../shared/contracts/cafe-orders';

/**
 * Orders from the table (issue 49; DECISIONS.md "Orders from the table"). A table's QR code carries a signed
 * token naming the table and its token version: changing the version (a card was taken home) makes every
 * older card's code unknown.
 */
export const cafeTables = pgTable('cafe_tables', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  /** The number printed on the card and said by the kitchen ("table 12"). */
  number: integer('number').notNull().unique(),
  name: text('name').notNull(),
  tokenVersion: integer('token_version').notNull().default(1),
  /** A table taken off the list keeps its orders; its code stops working. */
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** One phone's basket, priced by the server, paid through payments (seller `cafe-order`). */
export const cafeOrders = pgTable(
  'cafe_orders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    tableId: uuid('table_id')
      .notNull()
      .references(() => cafeTables.id),
    /** The phone's key for this basket: a repeated POST answers the same order and payment. */
    requestId: uuid('request_id').notNull().unique(),
    status: text('status', { enum: cafeOrderStatuses }).notNull(),
    /** Bumped by every kitchen status change: a stale screen's change is a 409. */
    version: integer('version').notNull().default(1),
    allergyNote: text('allergy_note').notNull().default(''),
    /** For the receipt only; never shown to the kitchen. */
    email: text('email'),
    totalPence: integer('total_pence').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('cafe_orders_kitchen_idx').on(t.status, t.paidAt)],
);

/** A line as the server priced it, eaten in: VAT rate, net and VAT rounded on the line (shared/vat.ts). */
export const cafeOrderLines = pgTable(
  'cafe_order_lines',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => cafeOrders.id),
    position: integer('position').notNull(),
    itemId: text('item_id').notNull(),
    name: text('name').notNull(),
    /** The options' labels, as the kitchen reads them. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    quantity: integer('quantity').notNull(),
    unitPence: integer('unit_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
  },
  (t) => [index('cafe_order_lines_order_idx').on(t.orderId)],
);

/**
 * The kitchen's outbox: one row per change a screen or a phone must see (an order paid or moved on, an item
 * sold out or back), written in the change's transaction with a NOTIFY; every process's streams read it from
 * their Last-Event-ID. Rows are numbered in commit order (writers take one advisory lock), so a stream that
 * has read up to N never later finds a row below N.
 */
export const cafeKitchenEvents = pgTable(
  'cafe_kitchen_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['order', 'item'] }).notNull(),
    orderId: uuid('order_id'),
    itemId: text('item_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('cafe_kitchen_events_order_idx').on(t.orderId, t.id)],
);
