import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import type { CreditLedgerKind } from '../db/schema';

/**
 * The credit ledger's arithmetic, in one place. Spendable balance = grants - holds + releases +
 * refunds - revokes; a use turns held credits into spent ones. Held = holds - releases - uses.
 */
const spendable = sql`coalesce(sum(case when kind in ('grant', 'release', 'refund') then credits when kind in ('hold', 'revoke') then -credits else 0 end), 0)::int`;
const held = sql`coalesce(sum(case when kind = 'hold' then credits when kind in ('release', 'use') then -credits else 0 end), 0)::int`;

export type CreditBalance = { available: number; held: number };

/**
 * Locks the customer's credit account (FOR UPDATE) and answers whether it exists. Every verb that
 * spends or takes credits back calls this first, then reads the balance in a NEW statement: under READ
 * COMMITTED a statement that waited for the lock still reads the ledger as it was when it began.
 */
export async function lockCreditAccount(tx: Db, email: string): Promise<boolean> {
  const rows = rowsOf<{ email: string }>(
    await tx.execute(sql`select email from credit_accounts where email = ${email} for update`),
  );
  return rows.length > 0;
}

export async function creditBalance(db: Db, email: string): Promise<CreditBalance> {
  const [row] = rowsOf<CreditBalance>(
    await db.execute(sql`select ${spendable} as available, ${held} as held from credit_ledger where email = ${email}`),
  );
  return row ?? { available: 0, held: 0 };
}

/** The account row exists before its first ledger entry (a grant). */
export async function ensureCreditAccount(tx: Db, email: string): Promise<void> {
  await tx.execute(sql`insert into credit_accounts (email) values (${email}) on conflict do nothing`);
}

/**
 * Entries are stamped by the database clock (clock_timestamp()), not the request's `now`: the ledger's
 * order is the order things really happened in, even two entries of one transaction.
 */
export async function appendCreditEntry(
  tx: Db,
  e: { email: string; kind: CreditLedgerKind; credits: number; bookingId?: string | null; purchaseId?: string | null },
): Promise<void> {
  if (!Number.isInteger(e.credits) || e.credits <= 0)
    throw new Error(`credit entries move a positive whole number of credits, got ${e.credits}`);
  await tx.execute(sql`
    insert into credit_ledger (email, kind, credits, booking_id, purchase_id)
    values (${e.email}, ${e.kind}, ${e.credits}, ${e.bookingId ?? null}, ${e.purchaseId ?? null})`);
}
