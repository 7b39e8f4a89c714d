import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreditLookupResponse, CreditPurchaseResponse } from '../../../shared/contracts/credits';
import { payWith, postJson } from '../../bookings/testing/booking-fixtures';
import { rowsOf, type Db } from '../../db/client';
import { creditLedger, creditPurchases } from '../../db/schema';
import { familyCookieFor } from '../../families/testing/family-fixtures';
import { appendCreditEntry, ensureCreditAccount } from '../credit-ledger';

export const purchaseBody = (email: string) => ({
  customerName: 'Sam Carer',
  customerEmail: email,
  customerPhone: '07700 900456',
});

/** POST /api/session-credits/purchase, expecting 201. */
export async function startPurchase(app: FastifyInstance, email: string): Promise<CreditPurchaseResponse> {
  const res = await postJson(app, '/api/session-credits/purchase', purchaseBody(email));
  if (res.statusCode !== 201) throw new Error(`purchase refused: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Buys a bundle through the TEST MODE card form (4242...). */
export async function buyCredits(app: FastifyInstance, email: string): Promise<CreditPurchaseResponse> {
  const purchase = await startPurchase(app, email);
  const paid = await payWith(app, purchase.clientSecret);
  if (paid.json().status !== 'succeeded') throw new Error(`payment failed: ${paid.body}`);
  return purchase;
}

/** The balance as the family sees it: GET /api/session-credits/{email} with a family session for the address. */
export async function lookup(app: FastifyInstance, db: Db, email: string): Promise<CreditLookupResponse> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/session-credits/${encodeURIComponent(email)}`,
    headers: { cookie: await familyCookieFor(db, email) },
  });
  if (res.statusCode !== 200) throw new Error(`lookup refused: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Before any test clock, so seeded grants sort first in the ledger. */
const SEEDED_AT = new Date('2000-01-01T00:00:00Z');

/** A paid purchase of `n` credits written straight to the database (for tests that start from a balance). */
export async function seedCredits(db: Db, email: string, n: number): Promise<void> {
  const [p] = await db
    .insert(creditPurchases)
    .values({
      email,
      customerName: 'Seeded',
      customerEmail: email,
      customerPhone: '07700 900000',
      credits: n,
      amountPence: 750 * n,
      savingsPence: 200 * n,
      status: 'paid',
      paidAt: SEEDED_AT,
      createdAt: SEEDED_AT,
    })
    .returning();
  await ensureCreditAccount(db, email);
  await appendCreditEntry(db, { email, kind: 'grant', credits: n, purchaseId: p!.id });
}

export async function ledgerKinds(db: Db, email: string): Promise<string[]> {
  return (await db.select().from(creditLedger).where(eq(creditLedger.email, email)))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((e) => `${e.kind}:${e.credits}`);
}

/** The lowest spendable balance any prefix of the ledger ever showed (commit order by created_at, id). */
export async function lowestBalance(db: Db, email: string): Promise<number> {
  const [row] = rowsOf<{ lowest: number | null }>(
    await db.execute(sql`
      select min(running)::int as lowest from (
        select sum(case when kind in ('grant', 'release', 'refund') then credits when kind in ('hold', 'revoke') then -credits else 0 end)
          over (order by created_at, id rows unbounded preceding) as running
        from credit_ledger where email = ${email}) r`),
  );
  return row?.lowest ?? 0;
}
