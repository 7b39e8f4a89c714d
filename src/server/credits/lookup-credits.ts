import { and, asc, eq } from 'drizzle-orm';
import type { ActiveCreditBundle, CreditLookupResponse } from '../../shared/contracts/credits';
import type { Db } from '../db/client';
import { creditPurchases } from '../db/schema';
import { creditBalance } from './credit-ledger';

/**
 * GET /api/session-credits/{email}: the spendable balance from the ledger, shown per bundle. Credits
 * are used oldest bundle first, so what remains sits in the newest bundles. An address with no
 * credits answers success with 0 (the booking page says "No active credits found").
 */
export async function lookupCredits(db: Db, email: string): Promise<CreditLookupResponse> {
  const [balance, bundles] = await Promise.all([
    creditBalance(db, email),
    db
      .select()
      .from(creditPurchases)
      .where(and(eq(creditPurchases.email, email), eq(creditPurchases.status, 'paid')))
      .orderBy(asc(creditPurchases.paidAt)),
  ]);
  let left = balance.available;
  const active: ActiveCreditBundle[] = [];
  for (const p of [...bundles].reverse()) {
    const remaining = Math.min(p.credits, left);
    left -= remaining;
    if (remaining > 0)
      active.unshift({
        purchaseId: p.id,
        creditsPurchased: p.credits,
        creditsRemaining: remaining,
        purchasedAt: (p.paidAt ?? p.createdAt).toISOString(),
        amountPaid: p.amountPence,
      });
  }
  return { success: true, totalActiveCredits: balance.available, creditsOnHold: balance.held, activeCredits: active };
}
