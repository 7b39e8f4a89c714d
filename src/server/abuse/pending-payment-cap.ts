import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { AppError } from '../http/errors';

/** Unpaid bookings (or credit purchases, or party holds) one e-mail address or one client address may have at once. */
export const MAX_PENDING_PAYMENTS = 3;
/** How long an unpaid credit purchase counts (a booking counts while its 15-minute hold lasts). */
const PURCHASE_PENDING_MINUTES = 15;

export const PENDING_PAYMENTS_MESSAGE = 'You have bookings waiting for payment. Please finish one or wait 15 minutes.';
export const PENDING_PARTIES_MESSAGE =
  'You have party bookings waiting for their deposit. Please pay for one or wait 15 minutes.';
export const PENDING_VOUCHERS_MESSAGE =
  'You have gift vouchers waiting for payment. Please finish one or wait 15 minutes.';

/** Who asks: the e-mail given and the trusted client address; `enforce` is false only with RATE_LIMITS=off. */
export type PendingPaymentClient = { address: string; enforce: boolean };

// Advisory lock classes, one per (kind, key): the e-mail's lock is always taken before the address's,
// and the two never share a key space, so two requests cannot wait on each other in a cycle.
const lockClass = {
  booking: { email: 7301, address: 7302 },
  purchase: { email: 7303, address: 7304 },
  party: { email: 7321, address: 7322 },
  voucher: { email: 7323, address: 7324 },
} as const;

/** How many unpaid ones of each kind are allowed: a gift voucher holds no capacity, so a few more of those. */
const limitOf = {
  booking: MAX_PENDING_PAYMENTS,
  purchase: MAX_PENDING_PAYMENTS,
  party: MAX_PENDING_PAYMENTS,
  voucher: 5,
};
const messageOf = {
  booking: PENDING_PAYMENTS_MESSAGE,
  purchase: PENDING_PAYMENTS_MESSAGE,
  party: PENDING_PARTIES_MESSAGE,
  voucher: PENDING_VOUCHERS_MESSAGE,
};

export type PendingPaymentKind = keyof typeof lockClass;

/**
 * Refuses a 4th unpaid hold (DECISIONS.md "Families' data"): a hold takes capacity for 15 minutes, so
 * unpaid holds must not be free. Runs first in the transaction that inserts the hold: it takes a
 * transaction-scoped advisory lock on the e-mail and on the address, then counts in a NEW statement
 * (READ COMMITTED: its snapshot, taken after the locks, sees every hold committed by whoever held
 * them), so concurrent requests from several processes are counted one after another.
 */
export async function enforcePendingPaymentCap(
  tx: Db,
  opts: { kind: PendingPaymentKind; email: string; client: PendingPaymentClient; now: Date },
): Promise<void> {
  const { kind, client, now } = opts;
  if (!client.enforce) return;
  const email = opts.email.trim().toLowerCase();
  const classes = lockClass[kind];
  await tx.execute(
    sql`select pg_advisory_xact_lock(${classes.email}::int, hashtext(${email})), pg_advisory_xact_lock(${classes.address}::int, hashtext(${client.address}))`,
  );
  const [row] = rowsOf<{ by_email: number | string; by_address: number | string }>(
    await tx.execute(pendingQueries[kind](email, client.address, now)),
  );
  if (Number(row?.by_email ?? 0) >= limitOf[kind] || Number(row?.by_address ?? 0) >= limitOf[kind])
    throw new AppError('too_many_pending_payments', messageOf[kind], {
      headers: { 'retry-after': String(PURCHASE_PENDING_MINUTES * 60) },
    });
}

// Held and unpaid: the same rows the sweep releases when their hold ends (bookings_hold_idx).
const pendingBookings = (email: string, address: string, now: Date) => sql`
  select count(*) filter (where lower(customer_email) = ${email}) as by_email,
         count(*) filter (where client_address = ${address}) as by_address
  from bookings
  where places_held and status in ('pending', 'failed') and hold_expires_at > ${now}`;

// A purchase has no hold: it waits for payment while pending and less than 15 minutes old.
const pendingPurchases = (email: string, address: string, now: Date) => sql`
  select count(*) filter (where email = ${email}) as by_email,
         count(*) filter (where client_address = ${address}) as by_address
  from credit_purchases
  where status = 'pending' and created_at > ${new Date(now.getTime() - PURCHASE_PENDING_MINUTES * 60_000)}`;

// A party hold waits for its deposit while held and its hold lasts (30 minutes by default). Only the
// family's own online holds count (they carry the client address): staff holds for phone callers do not.
const pendingParties = (email: string, address: string, now: Date) => sql`
  select count(*) filter (where lower(parent_email) = ${email}) as by_email,
         count(*) filter (where client_address = ${address}) as by_address
  from party_bookings
  where status = 'held' and hold_expires_at > ${now} and client_address is not null`;

// A gift voucher purchase, like a credit purchase, waits for payment while pending and under 15 minutes old.
const pendingVouchers = (email: string, address: string, now: Date) => sql`
  select count(*) filter (where lower(buyer_email) = ${email}) as by_email,
         count(*) filter (where client_address = ${address}) as by_address
  from gift_vouchers
  where status = 'pending_payment' and created_at > ${new Date(now.getTime() - PURCHASE_PENDING_MINUTES * 60_000)}`;

const pendingQueries = {
  booking: pendingBookings,
  purchase: pendingPurchases,
  party: pendingParties,
  voucher: pendingVouchers,
};
