import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../db/client';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { foldSalesByDay, salesCountedAfresh } from './sales-by-day';

type Day = { day: string; bookings: number; pence: number };

/** The definitions, counted afresh over every row, per London day. */
const counted = sql`
  select to_char(day, 'YYYY-MM-DD') as day, sum(bookings)::int as bookings, sum(pence)::int as pence
    from (${sql.raw(salesCountedAfresh)}) r
   group by day having sum(bookings) <> 0 or sum(pence) <> 0 order by day`;

const kept = sql`
  select to_char(day, 'YYYY-MM-DD') as day, sum(bookings)::int as bookings, sum(takings_pence)::int as pence
    from sales_by_day group by day having sum(bookings) <> 0 or sum(takings_pence) <> 0 order by day`;

describe.each(testDbKinds)('sales_by_day, kept by triggers (%s)', (kind) => {
  let database: Database;
  const run = async (q: ReturnType<typeof sql>) => rowsOf<Day>(await database.db.execute(q));
  const rowCount = async () =>
    rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from sales_by_day`))[0]!.n;
  const book = (ref: string, status: string, createdAt: string, confirmedAt: string | null, pence: number) =>
    database.db.execute(sql`
      insert into bookings (reference, status, customer_name, customer_email, customer_phone, visit_date, session_id,
                            loyalty_opt_in, places, places_held, original_pence, final_pence, ticket_token,
                            created_at, confirmed_at)
      values (${ref}, ${status}, 'Sam Sales', 'sam@example.com', '01632 960000', '2025-11-01', null, false, 1, false,
              ${pence}, ${pence}, ${`token-${ref}`}, ${createdAt}::timestamptz, ${confirmedAt}::timestamptz)`);
  const update = (ref: string, set: ReturnType<typeof sql>) =>
    database.db.execute(sql`update bookings set ${set} where reference = ${ref}`);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('matches the figures counted afresh after every kind of change, and after folding', async () => {
    const same = async (step: string) => expect(await run(kept), step).toEqual(await run(counted));
    // 23:30 UTC on 25 October 2025 is 00:30 on the 26th in London (BST): the London day is the 26th.
    await book('S-1', 'confirmed', '2025-10-25T23:30:00Z', '2025-10-25T23:31:00Z', 1900);
    await book('S-2', 'pending', '2025-10-26T10:00:00Z', null, 950);
    await book('S-3', 'processing', '2025-10-27T09:00:00Z', null, 2850);
    await book('S-4', 'confirmed', '2025-10-20T12:00:00Z', '2025-10-20T12:05:00Z', 950);
    await same('inserted');
    expect(await run(kept)).toEqual([
      { day: '2025-10-20', bookings: 1, pence: 950 },
      { day: '2025-10-26', bookings: 1, pence: 1900 },
      { day: '2025-10-27', bookings: 1, pence: 0 },
    ]);
    await update('S-2', sql`status = 'confirmed', confirmed_at = '2025-10-28T08:00:00Z'`);
    await same('pending paid two days later');
    await update('S-3', sql`status = 'confirmed', confirmed_at = '2025-10-27T09:02:00Z'`);
    await same('processing confirmed');
    await update('S-4', sql`status = 'cancelled'`);
    await same('cancelled');
    await update('S-1', sql`final_pence = 1000`);
    await update('S-2', sql`confirmed_at = '2025-10-29T08:00:00Z'`);
    await same('amount and confirmation day changed');
    const before = await rowCount();
    await update('S-1', sql`customer_name = 'Sam Renamed', places = 2`);
    await update('S-3', sql`status = 'confirmed'`);
    expect(await rowCount(), 'no row for a change that does not touch the figures').toBe(before);
    await database.db.execute(sql`delete from bookings where reference = 'S-3'`);
    await same('deleted');
    await database.db.execute(sql`
      insert into credit_purchases (email, customer_name, customer_email, customer_phone, credits, amount_pence,
                                    savings_pence, status, paid_at)
      values ('sam@example.com', 'Sam Sales', 'sam@example.com', '01632 960000', 10, 8550, 950, 'paid',
              '2025-10-26T00:30:00Z'),
             ('sam@example.com', 'Sam Sales', 'sam@example.com', '01632 960000', 10, 8550, 950, 'pending', null)`);
    await same('bundles');
    await database.db.execute(sql`update credit_purchases set status = 'refunded' where status = 'paid'`);
    await database.db.execute(sql`
      update credit_purchases set status = 'paid', paid_at = '2025-10-30T10:00:00Z' where status = 'pending'`);
    await same('bundle refunded, another paid');

    expect(await rowCount()).toBeGreaterThan((await run(kept)).length);
    expect(await foldSalesByDay(database.db)).toBeGreaterThan(0);
    await same('folded');
    const perDay = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from sales_by_day group by day having count(*) > 1`),
    );
    expect(perDay).toEqual([]);
    expect(await foldSalesByDay(database.db), 'nothing left to fold').toBe(0);
    await update('S-1', sql`status = 'cancelled'`);
    await same('changed after folding');
  });
});
