import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { testProviderPayments } from '../db/schema';
import { testDbKinds } from '../testing/test-database';
import { buyCredits, lookup, startPurchase } from './testing/credit-fixtures';

// Monday 20 October 2025, 11:00 BST.
const NOW = new Date('2025-10-20T10:00:00Z');

describe.each(testDbKinds)("the credit bundle is priced from the catalogue's visit rules on %s", (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });

  it('charges the price an admin set, grants the credits it says, and keeps a sold bundle as it was sold', async () => {
    const before = await startPurchase(t.app, 'before@example.com');
    expect(before).toMatchObject({ amount: 7500, credits: 10, savings: 2000 });

    const { visitRules } = await t.catalogue();
    const edit = await t.admin('PATCH', '/api/admin/catalogue/visit-rules', {
      version: visitRules.version,
      creditBundle: { credits: 12, pricePence: 9900 },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    // 12 sessions at £9.50 (£114) against £99.
    const after = await buyCredits(t.app, 'after@example.com');
    expect(after).toMatchObject({ amount: 9900, credits: 12, savings: 1500 });
    const [atProvider] = await t.ctx.db
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.clientSecret, after.clientSecret));
    expect(atProvider).toMatchObject({ amountPence: 9900 });
    expect(await lookup(t.app, t.ctx.db, 'after@example.com')).toMatchObject({ totalActiveCredits: 12 });

    // The purchase started before the edit is paid at its own price, for its own credits.
    const [earlier] = await t.ctx.db
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.clientSecret, before.clientSecret));
    expect(earlier).toMatchObject({ amountPence: 7500 });
  });

  it('shows the edited bundle on the public catalogue the pages read', async () => {
    const pub = (await t.app.inject({ method: 'GET', url: '/api/catalogue' })).json();
    expect(pub.visitRules.creditBundle).toEqual({ credits: 12, pricePence: 9900 });
  });
});
