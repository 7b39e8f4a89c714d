import { z } from './zod';

/**
 * The kinds of takings the staff Overview tells apart (issue 37, "Takings from every seller"), in the order
 * it shows them. Each seller says which kind its payments are (server/payments/sellers.ts, takingsKind); a
 * gift voucher's sale is none (it is owed to its holder until spent), its value spent is `gift_vouchers`.
 * Memberships (issue 40) are a kind of their own: their payments, on the day paid (migration 0036). The
 * counter till (issue 48) sells entry (tickets), cafe and shop lines: each counts as its kind (migration 0044).
 */
export const takingsKinds = [
  'tickets',
  'credit_bundles',
  'parties',
  'gift_vouchers',
  'memberships',
  'cafe',
  'shop',
  'events',
] as const;
export type TakingsKindShown = (typeof takingsKinds)[number];

/** What each kind is called on the Overview, and what it counts. */
export const takingsKindText: Record<TakingsKindShown, { label: string; counts: string }> = {
  tickets: { label: 'Tickets', counts: 'Ticket bookings and entry at the till paid, after credits and gift vouchers' },
  credit_bundles: { label: 'Credit bundles', counts: 'Session credit bundles paid' },
  parties: { label: 'Parties', counts: 'Party deposits and balances paid, less refunds' },
  gift_vouchers: {
    label: 'Gift vouchers spent',
    counts: 'What gift vouchers paid towards tickets, parties and the till',
  },
  memberships: { label: 'Memberships', counts: 'Membership payments (first and renewals), less refunds' },
  cafe: { label: 'Cafe', counts: 'Food and drink sold at the till, less refunds' },
  shop: { label: 'Shop', counts: 'Shop items (grip socks, nappies) sold at the till, less refunds' },
  events: {
    label: 'Events',
    counts: "Special events' places paid (grotto, SEN sessions, holiday clubs), less refunds",
  },
};

const pence = z.number().int();

/** Pence per kind of takings: together they are the day's (or week's) revenue. */
export const takingsByKindSchema = z.object(
  Object.fromEntries(takingsKinds.map((k) => [k, pence])) as Record<TakingsKindShown, typeof pence>,
);
export type TakingsByKind = z.infer<typeof takingsByKindSchema>;

/** Nothing of any kind. */
export const noTakings = (): TakingsByKind =>
  Object.fromEntries(takingsKinds.map((k) => [k, 0])) as Record<TakingsKindShown, number>;
