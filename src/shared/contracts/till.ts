import { z } from './zod';

/**
 * The counter till's API contract (issue 48, DECISIONS.md "The counter till"): what the till sells, till
 * sessions and their cash-up, sales and refunds, card readers and quick switching. The server prices every
 * line; a client never sends a price. Money is integer pence, VAT-inclusive; a VAT rate is in basis points
 * (2000 = 20%).
 */

/**
 * How an item is taxed (HMRC VAT Notice 709/1): hot food and every drink `standard` always; `cold_food` is
 * zero-rated taken away and standard-rated eaten in; shop items `standard` unless an admin says `reduced`
 * (5%) or `zero` (children's clothes). Eat-in makes everything at least standard-rated food-wise.
 */
export const vatTreatments = ['standard', 'cold_food', 'reduced', 'zero'] as const;
export const vatTreatmentSchema = z.enum(vatTreatments);
export type VatTreatment = z.infer<typeof vatTreatmentSchema>;

const pence = z.number().int().min(0).max(1_000_000);
const itemId = z.string().trim().min(1).max(80);

/** An option on a cafe item ("Oat milk" +30p, "No cheese" 0p). */
export const itemOptionSchema = z.object({
  id: z.string().trim().min(1).max(40),
  label: z.string().trim().min(1, 'Please give the option a name').max(60),
  pricePence: pence,
});
export type ItemOption = z.infer<typeof itemOptionSchema>;

/** A cafe item as the till sells it (the menu's item, its VAT treatment, options and availability). */
export const tillCafeItemSchema = z.object({
  id: z.string(),
  section: z.string(),
  name: z.string(),
  pricePence: z.number().int(),
  vatTreatment: vatTreatmentSchema,
  options: z.array(itemOptionSchema),
  available: z.boolean(),
});
export type TillCafeItem = z.infer<typeof tillCafeItemSchema>;

/** A shop item (grip socks, nappies), edited in the Venue tab. */
export const shopItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  pricePence: z.number().int(),
  vatTreatment: vatTreatmentSchema,
  available: z.boolean(),
});
export type ShopItem = z.infer<typeof shopItemSchema>;

/** PUT /api/admin/catalogue/shop-items: the whole list, in its order (an admin; audited). */
export const shopItemsInputSchema = z.object({
  items: z
    .array(
      z.object({
        id: itemId.optional(),
        name: z.string().trim().min(1, 'Please give the item a name').max(80),
        pricePence: pence,
        vatTreatment: vatTreatmentSchema.default('standard'),
        available: z.boolean().default(true),
      }),
    )
    .max(200),
});
export type ShopItemsInput = z.input<typeof shopItemsInputSchema>;

/** PATCH /api/admin/catalogue/menu-items/:id/till: a cafe item's VAT treatment, options and availability. */
export const cafeItemTillInputSchema = z.object({
  vatTreatment: vatTreatmentSchema.optional(),
  options: z.array(itemOptionSchema).max(20).optional(),
  available: z.boolean().optional(),
});
export type CafeItemTillInput = z.input<typeof cafeItemTillInputSchema>;

/** GET /api/till/catalogue: what the till can sell now. */
export const tillCatalogueSchema = z.object({
  entry: z.object({
    /** The session on now, or the next one today; null when the day's sessions are over or it is closed. */
    session: z
      .object({ date: z.string(), sessionId: z.string(), label: z.string(), placesLeft: z.number().int() })
      .nullable(),
    tickets: z.array(z.object({ ticketTypeId: z.string(), name: z.string(), pricePence: z.number().int() })),
  }),
  cafe: z.array(tillCafeItemSchema),
  shop: z.array(shopItemSchema),
});
export type TillCatalogue = z.infer<typeof tillCatalogueSchema>;

/** One line of a basket as the till sends it: what and how many, never a price (strict: a `pricePence` is 400). */
export const saleLineInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('entry'), ticketTypeId: itemId, quantity: z.number().int().min(1).max(30) }),
  z.strictObject({
    kind: z.literal('cafe'),
    itemId,
    quantity: z.number().int().min(1).max(50),
    optionIds: z.array(z.string().max(40)).max(10).default([]),
  }),
  z.strictObject({ kind: z.literal('shop'), itemId, quantity: z.number().int().min(1).max(50) }),
]);
export type SaleLineInput = z.input<typeof saleLineInputSchema>;

export const salePaymentInputSchema = z.discriminatedUnion('method', [
  /** What the customer handed over; at least what is due after any voucher. */
  z.object({ method: z.literal('cash'), tenderedPence: pence }),
  /** The reader the card is presented on (registered in the Venue tab). */
  z.object({ method: z.literal('card'), readerId: z.string().min(1).max(80) }),
]);

/** POST /api/till/sales. A retried request (same `requestId`) answers the same sale. */
export const saleInputSchema = z.strictObject({
  tillSessionId: z.uuid('Unknown till session'),
  requestId: z.uuid('Unknown request'),
  lines: z.array(saleLineInputSchema).min(1, 'The basket is empty').max(60),
  eatIn: z.boolean(),
  /** Entry sold is checked in at once when staff tick it. */
  checkIn: z.boolean().default(false),
  /** A scanned member card (covered children's entry at £0) or gift voucher code (pays part or all). */
  codes: z.array(z.string().trim().min(4).max(200)).max(3).default([]),
  /** The total the till showed; a different server total is 409 `price_changed` and nothing is sold. */
  expectedTotalPence: pence.optional(),
  payment: salePaymentInputSchema,
});
export type SaleInput = z.input<typeof saleInputSchema>;

export const saleStatuses = ['awaiting_card', 'paid', 'declined', 'cancelled'] as const;
export type SaleStatus = (typeof saleStatuses)[number];

export const saleLineSchema = z.object({
  id: z.string(),
  kind: z.enum(['entry', 'cafe', 'shop']),
  description: z.string(),
  quantity: z.number().int(),
  unitPence: z.number().int(),
  totalPence: z.number().int(),
  vatRateBasisPoints: z.number().int(),
  netPence: z.number().int(),
  vatPence: z.number().int(),
  refundedQuantity: z.number().int(),
});
export type SaleLine = z.infer<typeof saleLineSchema>;

export const vatByRateSchema = z.array(
  z.object({
    vatRateBasisPoints: z.number().int(),
    netPence: z.number().int(),
    vatPence: z.number().int(),
    grossPence: z.number().int(),
  }),
);
export type VatByRate = z.infer<typeof vatByRateSchema>;

/** A sale as GET /api/till/sales/:id and POST /api/till/sales answer it. */
export const saleSchema = z.object({
  id: z.string(),
  /** The receipt number, counting up per venue. */
  number: z.number().int(),
  status: z.enum(saleStatuses),
  /** Why a card was not taken ("Declined: insufficient funds"), when it was not. */
  statusMessage: z.string().nullable(),
  eatIn: z.boolean(),
  lines: z.array(saleLineSchema),
  totalPence: z.number().int(),
  voucherPence: z.number().int(),
  method: z.enum(['cash', 'card', 'voucher']),
  tenderedPence: z.number().int().nullable(),
  changePence: z.number().int().nullable(),
  vatByRate: vatByRateSchema,
  createdAt: z.string(),
  staff: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;

/** POST /api/till/sales/:id/refund: lines (by id, how many) back to the card or from the drawer. */
export const refundInputSchema = z.object({
  requestId: z.uuid('Unknown request'),
  lines: z.array(z.object({ lineId: z.string().min(1).max(80), quantity: z.number().int().min(1).max(50) })).min(1),
  method: z.enum(['card', 'cash']),
  reason: z.string().trim().max(200).default(''),
});
export type RefundInput = z.input<typeof refundInputSchema>;

/** POST /api/till/sessions: open a till with a float. One open session per till. */
export const openTillSessionSchema = z.object({
  till: z.string().trim().min(1, 'Please name the till').max(40),
  floatPence: pence,
});
export type OpenTillSessionInput = z.input<typeof openTillSessionSchema>;

/** POST /api/till/sessions/:id/cash: cash put in or taken out, with a reason. */
export const cashMovementSchema = z.object({
  direction: z.enum(['in', 'out']),
  amountPence: pence.min(1, 'Please enter an amount'),
  reason: z.string().trim().min(2, 'Please give a reason').max(200),
});
export type CashMovementInput = z.input<typeof cashMovementSchema>;

/** The UK notes and coins a drawer is counted in, in pence. */
export const denominations = [5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;

/** POST /api/till/sessions/:id/close: the drawer counted, how many of each denomination. */
export const closeTillSessionSchema = z.object({
  // Partial: a denomination left out counted none (zod 4's record over an enum wants every key).
  counted: z.partialRecord(
    z.enum(denominations.map(String) as [string, ...string[]]),
    z.number().int().min(0).max(10_000),
  ),
  note: z.string().trim().max(500).default(''),
});
export type CloseTillSessionInput = z.input<typeof closeTillSessionSchema>;

/** GET /api/till/sessions/:id/report: the Z report (the same figures, for ever, once closed). */
export const zReportSchema = z.object({
  sessionId: z.string(),
  till: z.string(),
  openedBy: z.string(),
  /** Who serves on the till now (the opener, or whom a switch of user handed it to). */
  operator: z.string(),
  openedAt: z.string(),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  floatPence: z.number().int(),
  cashSalesPence: z.number().int(),
  cardSalesPence: z.number().int(),
  voucherPence: z.number().int(),
  refunds: z.object({ cashPence: z.number().int(), cardPence: z.number().int() }),
  cashInPence: z.number().int(),
  cashOutPence: z.number().int(),
  /** float + cash sales - cash refunds + cash in - cash out. */
  expectedCashPence: z.number().int(),
  countedCashPence: z.number().int().nullable(),
  variancePence: z.number().int().nullable(),
  byKind: z.array(z.object({ kind: z.enum(['entry', 'cafe', 'shop']), grossPence: z.number().int() })),
  byVatRate: vatByRateSchema,
  sales: z.number().int(),
  voids: z.number().int(),
});
export type ZReport = z.infer<typeof zReportSchema>;

/** POST /api/admin/till/readers: a Stripe Terminal reader registered by the code it shows. */
export const registerReaderSchema = z.object({
  registrationCode: z.string().trim().min(3, 'Please enter the code the reader shows').max(60),
  label: z.string().trim().min(1, 'Please name the reader').max(60),
});
export type RegisterReaderInput = z.input<typeof registerReaderSchema>;

/**
 * A card reader the till can send a card payment to: a Stripe Terminal reader registered in the Venue tab, or
 * in TEST MODE the built-in "Simulated reader" (id 'simulated', `simulated: true`), whose card is typed into
 * the till's Simulated reader panel (POST /api/till/simulated-reader/present).
 */
export const tillReaderSchema = z.object({
  id: z.string(),
  label: z.string(),
  deviceType: z.string(),
  serialNumber: z.string(),
  simulated: z.boolean(),
});
export type TillReader = z.infer<typeof tillReaderSchema>;

/** DELETE /api/admin/till/readers/:id; POST /api/till/sales/:id/cancel-card names the sale. */
export const readerIdParamsSchema = z.object({ id: z.uuid('Unknown card reader') });
export const cardSaleIdParamsSchema = z.object({ id: z.string().trim().min(1).max(80) });
export const readerRemovedSchema = z.object({ success: z.literal(true) });

/** GET /api/till/readers (staff) and GET /api/admin/till/readers (admins): `testMode` shows the simulated panel. */
export const tillReadersResponseSchema = z.object({ testMode: z.boolean(), readers: z.array(tillReaderSchema) });
export type TillReadersResponse = z.infer<typeof tillReadersResponseSchema>;

/** Where a card payment on a reader stands, as the server last learnt it (never from the browser). */
export const readerPaymentStatuses = ['in_progress', 'paid', 'declined', 'cancelled'] as const;
export const readerPaymentResultSchema = z.object({
  status: z.enum(readerPaymentStatuses),
  message: z.string().nullable(),
});
export type ReaderPaymentResult = z.infer<typeof readerPaymentResultSchema>;

/** POST /api/till/simulated-reader/present (TEST MODE only): a test card "tapped" on the simulated reader. */
export const simulatedPresentSchema = z.object({
  saleId: z.string().trim().min(1).max(80),
  cardNumber: z
    .string()
    .trim()
    .regex(/^[\d ]{12,23}$/, 'Please type a card number: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 declines'),
});
export type SimulatedPresentInput = z.input<typeof simulatedPresentSchema>;

/** PUT /api/staff/pin: a staff member's own PIN for switching on a till device. */
export const staffPinSchema = z.object({
  pin: z.string().regex(/^\d{4,6}$/, 'A PIN is 4 to 6 digits'),
  /**
   * The account's password, as a password change asks for it: a PIN lasts beyond the session, so a session
   * left open on a till must not be enough to give its account a PIN someone else knows.
   */
  currentPassword: z.string().min(1, 'Please enter your password').max(200),
});
export type StaffPinInput = z.input<typeof staffPinSchema>;
export type SwitchUserInput = z.input<typeof switchUserSchema>;

/** POST /api/till/switch-user: another staff member takes over this till device with their PIN. */
export const switchUserSchema = z.object({
  username: z.string().trim().min(1).max(80),
  pin: z.string().regex(/^\d{4,6}$/, 'A PIN is 4 to 6 digits'),
  /** The device's open till session, handed over to the staff member switched to (they sell on it next). */
  tillSessionId: z.uuid('Not a till id').optional(),
});

/** A till session's or sale's id in the URL. */
export const tillIdParamsSchema = z.object({ id: z.uuid('Not a till id') });
/** A cafe item's id in PATCH /api/admin/catalogue/menu-items/:id/till. */
export const menuItemIdParamsSchema = z.object({ id: itemId });
/** GET /api/till/sessions/open?till=...: one till's open session, or every open one. */
export const openSessionsQuerySchema = z.object({ till: z.string().trim().min(1).max(40).optional() });

/** POST /api/till/sales/:id/void: a sale still waiting for its card cancelled (counted in the Z report's voids). */
export const voidSaleSchema = z.object({ reason: z.string().trim().max(200).default('') });

/** A till session as POST /api/till/sessions and GET /api/till/sessions/open answer it. */
export const tillSessionSchema = z.object({
  id: z.string(),
  till: z.string(),
  openedBy: z.string(),
  /** Who serves on the till now (the opener, or whom a switch of user handed it to). */
  operator: z.string(),
  openedAt: z.string(),
  floatPence: z.number().int(),
});
export type TillSession = z.infer<typeof tillSessionSchema>;

/** GET /api/till/sessions/open. */
export const openTillSessionsResponseSchema = z.object({ sessions: z.array(tillSessionSchema) });
/** PUT /api/admin/catalogue/shop-items answers the list as saved. */
export const shopItemsResponseSchema = z.object({ items: z.array(shopItemSchema) });

/** GET /api/till/sessions/:id/sales: every sale on the session, newest first (the till's "Sales this session"). */
export const sessionSalesResponseSchema = z.object({ sessionId: z.string(), sales: z.array(saleSchema) });
export type SessionSalesResponse = z.infer<typeof sessionSalesResponseSchema>;

/** POST /api/till/sales/:id/receipt-email: the sale's VAT receipt sent to the customer's address. */
export const receiptEmailSchema = z.strictObject({
  email: z.string().trim().max(254).pipe(z.email('Please enter a valid email address')),
});
export type ReceiptEmailInput = z.input<typeof receiptEmailSchema>;
export const receiptEmailResponseSchema = z.object({ sent: z.literal(true), to: z.string() });
export type ReceiptEmailResponse = z.infer<typeof receiptEmailResponseSchema>;
