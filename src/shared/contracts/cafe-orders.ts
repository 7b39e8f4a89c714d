import { z } from './zod';

/**
 * Orders from the table and the kitchen screen (issue 49; DECISIONS.md "Orders from the table"): tables and
 * their signed QR tokens, the phone's menu and order, the order's page, the kitchen's cards and switches.
 * The server prices every line (eaten in: shared/vat.ts); a phone never sends a price. Money is integer pence.
 */

export const cafeOrderStatuses = ['pending_payment', 'paid', 'in_progress', 'ready', 'canceled', 'refunded'] as const;
export type CafeOrderStatus = (typeof cafeOrderStatuses)[number];

const pence = z.number().int().min(0).max(10_000_000);
const tableToken = z.string().trim().min(10).max(200);

/** What an old or forged QR code answers (404). */
export const tableCodeChangedMessage = 'This table code has changed: scan the card on your table';

// --- Tables (admins) -----------------------------------------------------------------------------------

export const cafeTableSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  /** The signed token the table's QR code carries (/order/{token}). */
  token: z.string(),
  orderUrl: z.string(),
});
export type CafeTable = z.infer<typeof cafeTableSchema>;
export const cafeTablesResponseSchema = z.object({ tables: z.array(cafeTableSchema) });
export type CafeTablesResponse = z.infer<typeof cafeTablesResponseSchema>;

/** PUT /api/admin/cafe/tables: the whole list; a table left out stops taking orders; rotateToken retires its card. */
export const putCafeTablesSchema = z.strictObject({
  tables: z
    .array(
      z.strictObject({
        id: z.uuid().optional(),
        number: z.number().int().min(1, 'Table numbers start at 1').max(999),
        name: z.string().trim().min(1, 'Please name the table').max(60),
        rotateToken: z.boolean().optional(),
      }),
    )
    .max(200)
    .refine((ts) => new Set(ts.map((t) => t.number)).size === ts.length, 'Each table needs its own number'),
});
export type PutCafeTables = z.infer<typeof putCafeTablesSchema>;

// --- The phone's menu and order --------------------------------------------------------------------------

export const cafeMenuQuerySchema = z.object({ table: tableToken });

export const cafeMenuItemSchema = z.object({
  id: z.string(),
  section: z.string(),
  name: z.string(),
  description: z.string(),
  pricePence: pence,
  allergens: z.array(z.string()),
  dietary: z.array(z.string()),
  emoji: z.string(),
  photo: z.string().nullable(),
  options: z.array(z.object({ id: z.string(), label: z.string(), pricePence: pence })),
  available: z.boolean(),
});
export type CafeMenuItem = z.infer<typeof cafeMenuItemSchema>;

export const cafeMenuResponseSchema = z.object({
  table: z.object({ number: z.number().int(), name: z.string() }),
  /** Orders are taken while the venue is open; otherwise opensAt says when (London "HH:MM"). */
  open: z.boolean(),
  opensAt: z.string(),
  closesAt: z.string(),
  items: z.array(cafeMenuItemSchema),
});
export type CafeMenuResponse = z.infer<typeof cafeMenuResponseSchema>;

export const cafeOrderLineInputSchema = z.strictObject({
  itemId: z.string().trim().min(1).max(80),
  quantity: z.number().int().min(1).max(20),
  optionIds: z.array(z.string().max(40)).max(10).default([]),
});

/** POST /api/cafe/orders. */
export const createCafeOrderSchema = z.strictObject({
  tableToken,
  /** The phone's own key for this basket: sending it again answers the same order. */
  requestId: z.uuid(),
  lines: z.array(cafeOrderLineInputSchema).min(1, 'Your basket is empty').max(30),
  allergyNote: z.string().trim().max(300, 'Must be at most 300 characters').optional(),
  email: z.email('Please enter a valid e-mail address').max(254).optional(),
});
export type CreateCafeOrder = z.input<typeof createCafeOrderSchema>;

export const cafeOrderLineSchema = z.object({
  name: z.string(),
  options: z.array(z.string()),
  quantity: z.number().int(),
  unitPence: pence,
  totalPence: pence,
  vatRateBasisPoints: z.number().int(),
  netPence: pence,
  vatPence: pence,
});

/** Answers like /api/create-booking-payment: the payment's client secret and a secret for the order's page. */
export const createCafeOrderResponseSchema = z.object({
  clientSecret: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  finalAmount: pence,
  lines: z.array(cafeOrderLineSchema),
  /** Given to this phone only: GET /api/cafe/orders/{id} answers it when sent back (X-Order-Secret). */
  orderSecret: z.string(),
});
export type CreateCafeOrderResponse = z.infer<typeof createCafeOrderResponseSchema>;

export const cafeOrderIdParamsSchema = z.object({ id: z.uuid() });
/** The order's secret: a header for fetch, or `secret` in the query for EventSource (which sends no headers). */
export const cafeOrderSecretHeadersSchema = z.object({ 'x-order-secret': z.string().max(200).optional() });

export const cafeOrderViewSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(cafeOrderStatuses),
  table: z.object({ number: z.number().int(), name: z.string() }),
  allergyNote: z.string(),
  totalPence: pence,
  lines: z.array(cafeOrderLineSchema),
  vatByRate: z.array(z.object({ vatRateBasisPoints: z.number().int(), netPence: pence, vatPence: pence })),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  readyAt: z.string().nullable(),
});
export type CafeOrderView = z.infer<typeof cafeOrderViewSchema>;

// --- The kitchen ----------------------------------------------------------------------------------------

export const kitchenModeSchema = z.object({
  label: z.string().trim().min(2, 'Please name this screen').max(60, 'Must be at most 60 characters'),
});

/** A card on the kitchen screen: no e-mail, phone or payment detail. */
export const kitchenOrderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(cafeOrderStatuses),
  version: z.number().int(),
  table: z.object({ number: z.number().int(), name: z.string() }),
  allergyNote: z.string(),
  lines: z.array(z.object({ name: z.string(), options: z.array(z.string()), quantity: z.number().int() })),
  paidAt: z.string(),
  startedAt: z.string().nullable(),
  readyAt: z.string().nullable(),
});
export type KitchenOrder = z.infer<typeof kitchenOrderSchema>;

export const kitchenItemSchema = z.object({
  id: z.string(),
  section: z.string(),
  name: z.string(),
  available: z.boolean(),
});
export type KitchenItem = z.infer<typeof kitchenItemSchema>;

export const kitchenOrdersResponseSchema = z.object({
  /** Paid and being made, oldest first; and the last few ready (to recall one). */
  orders: z.array(kitchenOrderSchema),
  items: z.array(kitchenItemSchema),
  /** The stream's position now: GET /api/kitchen/stream with this Last-Event-ID sends only what is newer. */
  lastEventId: z.number().int(),
});
export type KitchenOrdersResponse = z.infer<typeof kitchenOrdersResponseSchema>;

/** POST /api/kitchen/orders/{id}/status: start, bump to ready, or recall (back to in_progress). */
export const kitchenStatusSchema = z.strictObject({
  status: z.enum(['in_progress', 'ready']),
  version: z.number().int().min(1),
});

export const kitchenItemParamsSchema = z.object({ id: z.string().trim().min(1).max(80) });
export const kitchenAvailabilitySchema = z.strictObject({ available: z.boolean() });

/** Each event the kitchen stream sends (its SSE id is the outbox row's). */
export const kitchenStreamEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('order'), order: kitchenOrderSchema }),
  z.object({ kind: z.literal('item'), item: kitchenItemSchema }),
]);
export type KitchenStreamEvent = z.infer<typeof kitchenStreamEventSchema>;

/** GET /api/kitchen/stream: where to start on a first connect (a reconnect sends Last-Event-ID instead). */
export const kitchenStreamQuerySchema = z.object({ lastEventId: z.coerce.number().int().min(0).optional() });
/** GET /api/cafe/orders/{id}/stream: EventSource sends no headers, so the order's secret comes in the query. */
export const cafeOrderStreamQuerySchema = z.object({
  secret: z.string().max(200).optional(),
  lastEventId: z.coerce.number().int().min(0).optional(),
});

/** POST /api/admin/cafe/orders/{id}/refund (admins): all of a paid order, with a reason for the audit log. */
export const refundCafeOrderSchema = z.strictObject({
  reason: z.string().trim().min(1, 'Please give a reason').max(200),
});
