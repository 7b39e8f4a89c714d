import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStatsResponse } from '../../shared/contracts/admin';
import { rowsOf, type Db } from '../db/client';
import { runRetention } from '../privacy/retention';
import { authed, book, buyCredits } from '../testing/dashboard-fixtures';
import { signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testConfig } from '../testing/test-config';
import { testDbKinds } from '../testing/test-database';

/** The figure as Overview counted it before the summary: distinct addresses over all history. */
async function fullCount(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from (
        select lower(customer_email) from bookings where status in ('confirmed', 'processing')
        union
        select email from credit_purchases where status = 'paid'
      ) c`),
  );
  return row!.n;
}

/** The summary rows: each address with its qualifying rows, and the shards' total. */
async function summary(db: Db): Promise<{ total: number; emails: Record<string, number> }> {
  const [total] = rowsOf<{ n: number }>(
    await db.execute(sql`select coalesce(sum(customers), 0)::int as n from customer_totals`),
  );
  const emails = rowsOf<{ email: string; refs: number }>(
    await db.execute(sql`select email, refs from customer_emails order by email`),
  );
  return { total: total!.n, emails: Object.fromEntries(emails.map((e) => [e.email, e.refs])) };
}

/** What the summary must hold, recounted from the rows themselves. */
async function recounted(db: Db): Promise<Record<string, number>> {
  const rows = rowsOf<{ email: string; refs: number }>(
    await db.execute(sql`
      select email, count(*)::int as refs from (
        select lower(customer_email) as email from bookings where status in ('confirmed', 'processing')
        union all
        select email from credit_purchases where status = 'paid'
      ) r group by email order by email`),
  );
  return Object.fromEntries(rows.map((r) => [r.email, r.refs]));
}

// Monday 20 October 2025, 11:00 BST; visits on Wednesday 22nd.
const NOW = new Date('2025-10-20T10:00:00Z');

/**
 * Overview's "total customers" is read from a summary triggers keep in the transaction that changes a
 * booking or purchase (migration 0013). After every kind of change it must equal the full count.
 */
describe.each(testDbKinds)('customer summary (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = NOW;
  let admin: { cookie: string; username: string };
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    admin = await signInAs(t.app, t.ctx, { role: 'admin' });
  });
  afterAll(() => t?.close());

  const expectInStep = async (expected: number) => {
    const s = await summary(t.ctx.db);
    expect(s.emails).toEqual(await recounted(t.ctx.db));
    expect(await fullCount(t.ctx.db)).toBe(expected);
    expect(s.total).toBe(expected);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard-stats', ...authed(admin.cookie) });
    expect((res.json() as DashboardStatsResponse).stats.totalCustomers).toBe(expected);
  };

  it('counts an address once it pays, once however many bookings and purchases name it, in any case', async () => {
    await expectInStep(0);
    await book(t.app, { customerEmail: 'a@example.com' });
    await expectInStep(1);
    await book(t.app, { customerEmail: 'A@Example.com' });
    await buyCredits(t.app, { customerName: 'Ann Example', customerEmail: 'a@example.com' });
    await expectInStep(1);
    expect((await summary(t.ctx.db)).emails['a@example.com']).toBe(3);
    await book(t.app, { customerEmail: 'b@example.com' }, { pay: false }); // a hold: not a customer yet
    await book(t.app, { customerEmail: 'c@example.com' }, { pay: 'declined' });
    await expectInStep(1);
    await buyCredits(t.app, { customerName: 'Dee Example', customerEmail: 'd@example.com' });
    await book(t.app, { customerEmail: 'e@example.com' });
    await expectInStep(3);
  });

  it('drops an address when its only booking is cancelled or refunded, and keeps one with others left', async () => {
    const only = await book(t.app, { customerEmail: 'f@example.com' });
    await expectInStep(4);
    const cancel = (id: string, body: object) =>
      staffRequest(t.app, admin.cookie)('POST', `/api/admin/bookings/${id}/cancel`, { reason: 'Unwell', ...body });
    expect((await cancel(only.bookingId, { refund: 'full' })).statusCode).toBe(200);
    await expectInStep(3);
    // a@example.com has a second booking and a credit purchase: cancelling one keeps the family.
    const [aBooking] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(
        sql`select id from bookings where customer_email = 'a@example.com' and status = 'confirmed'`,
      ),
    );
    expect((await cancel(aBooking!.id, { refund: 'partial', refundPence: 100 })).statusCode).toBe(200);
    await expectInStep(3);
    // A second press changes nothing.
    expect((await cancel(aBooking!.id, { refund: 'none' })).statusCode).toBe(200);
    await expectInStep(3);
    // Refunded at the provider, and a bank payment still clearing, both written as the payment code does.
    await t.ctx.db.execute(sql`update bookings set status = 'refunded' where customer_email = 'e@example.com'`);
    await expectInStep(2);
    const clearing = await book(t.app, { customerEmail: 'g@example.com' }, { pay: false });
    await t.ctx.db.execute(sql`update bookings set status = 'processing' where id = ${clearing.bookingId}`);
    await expectInStep(3);
    await t.ctx.db.execute(sql`update bookings set status = 'confirmed' where id = ${clearing.bookingId}`);
    await expectInStep(3);
  });

  it('follows erasure: the address leaves the summary entirely and its placeholder counts as the rows did', async () => {
    const before = await fullCount(t.ctx.db);
    const res = await staffRequest(t.app, admin.cookie)('POST', '/api/admin/privacy/erase', { email: 'A@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const s = await summary(t.ctx.db);
    expect(Object.keys(s.emails).some((e) => e.includes('a@example.com'))).toBe(false);
    await expectInStep(before); // the erased rows now share one placeholder address: still one family
    // The same address books again as a new family.
    await book(t.app, { customerEmail: 'a@example.com' });
    await expectInStep(before + 1);
  });

  it('follows the retention job anonymising six-year-old bookings and purchases', async () => {
    clock = new Date('2031-11-01T10:00:00Z');
    const result = await runRetention({ db: t.ctx.db, now: clock, periods: testConfig(), batch: 2 });
    expect(result.bookings).toBeGreaterThan(0);
    expect(result.creditPurchases).toBeGreaterThan(0);
    const remaining = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from customer_emails where email not like 'erased+%'`),
    )[0]!.n;
    expect(remaining).toBe(0);
    clock = NOW; // the admin's session is from today
    await expectInStep(await fullCount(t.ctx.db));
  });

  it('follows rows deleted outright', async () => {
    await t.ctx.db.execute(sql`delete from credit_ledger`);
    await t.ctx.db.execute(sql`delete from payments where credit_purchase_id is not null`);
    await t.ctx.db.execute(sql`delete from credit_purchases`);
    await expectInStep(await fullCount(t.ctx.db));
  });
});
