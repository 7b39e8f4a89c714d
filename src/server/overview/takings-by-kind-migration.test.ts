import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../db/client';
import { copyMigrations, openScratchDatabase, type ScratchDatabase } from '../testing/migration-scratch';
import { testDbKinds } from '../testing/test-database';
import { foldSalesByDay } from './sales-by-day';
import { keptAndCounted } from './testing/kept-and-counted';

/*
 * Migration 0031 (takings by kind) on a database of the release before it, with sales of every kind: the
 * rows 0021's triggers wrote are told apart (tickets, credit bundles), what was not in sales_by_day before
 * (gift voucher parts of bookings, party payments, gift vouchers spent on parties) is added, and every
 * day's kinds are what the rows say afresh. Then the triggers keep them so, and an old fold is refused.
 */

const party = '00000000-0000-4000-8000-00000000aa01';
const voucher = '00000000-0000-4000-8000-00000000ab01';

async function fillRelease0030(db: Db): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  const booking = (ref: string, status: string, made: string, confirmed: string | null, card: number, gift = 0) =>
    run(sql`insert into bookings (reference, status, customer_name, customer_email, customer_phone, visit_date,
        session_id, loyalty_opt_in, places, places_held, original_pence, final_pence, ticket_token, created_at,
        confirmed_at, gift_voucher_pence, gift_voucher_state)
      values (${ref}, ${status}, 'Sam Sales', 'sam@example.com', '01632 960000', '2026-03-20', null, false, 1, false,
        ${card + gift}, ${card}, ${`token-${ref}`}, ${made}::timestamptz, ${confirmed}::timestamptz, ${gift},
        ${gift > 0 ? (status === 'confirmed' ? 'spent' : 'returned') : 'none'})`);
  // 2 March: a booking paid by card; one paid £15 by card and £6 by gift voucher; one cancelled (voucher back).
  await booking('M-1', 'confirmed', '2026-03-02T10:00:00Z', '2026-03-02T10:05:00Z', 2100);
  await booking('M-2', 'confirmed', '2026-03-02T11:00:00Z', '2026-03-02T11:05:00Z', 1500, 600);
  await booking('M-3', 'cancelled', '2026-03-02T12:00:00Z', '2026-03-02T12:05:00Z', 950, 500);
  await booking('M-4', 'processing', '2026-03-03T09:00:00Z', null, 950);
  // A booking the voucher paid in full, confirmed on the 3rd just after midnight in London (BST is not yet on).
  await booking('M-5', 'confirmed', '2026-03-03T00:10:00Z', '2026-03-03T00:15:00Z', 0, 2100);
  await run(sql`insert into credit_purchases (email, customer_name, customer_email, customer_phone, credits,
      amount_pence, savings_pence, status, paid_at)
    values ('sam@example.com', 'Sam Sales', 'sam@example.com', '01632 960000', 10, 8550, 950, 'paid',
            '2026-03-02T15:00:00Z')`);

  // A party: the deposit paid on the 4th, partly by a gift voucher (£30) and partly by card (£20); the
  // balance on the 6th, £40 by the same voucher and the rest by card, of which £50 was refunded in Stripe.
  await run(sql`insert into party_bookings (id, reference, party_date, slot_id, room_id, package_id, children,
      child_first_name, child_age, parent_name, parent_email, parent_phone, status, deposit_pence, total_pence,
      price_lines, paid_pence, gift_voucher_pence, created_at, updated_at)
    values (${party}, 'PTY-AAA111', '2026-04-18', 'midday', 'room-1', 'silver', 12, 'Maisie', 6, 'Pat Party',
      'pat@example.com', '07700 900123', 'confirmed', 5000, 19200, '[]'::jsonb, 14200, 7000,
      '2026-03-04T10:00:00Z', '2026-03-06T10:00:00Z')`);
  const payment = (purpose: string, pence: number, status: string, refund: number, updated: string) =>
    run(sql`insert into payments (party_booking_id, purpose, provider, amount_pence, status, refund_status, refund_pence,
        created_at, updated_at)
      values (${party}, ${purpose}, 'test', ${pence}, ${status}, ${refund ? 'succeeded' : null}, ${refund},
        ${updated}::timestamptz, ${updated}::timestamptz)`);
  await payment('party_deposit', 2000, 'succeeded', 0, '2026-03-04T10:01:00Z');
  await payment('party_balance', 10200, 'succeeded', 5000, '2026-03-06T10:01:00Z');
  await payment('party_balance', 10200, 'failed', 0, '2026-03-06T09:59:00Z'); // a declined card first
  await run(sql`insert into gift_vouchers (id, code_hash, code_last4, kind, initial_pence, balance_pence, buyer_name,
      buyer_email, recipient_name, recipient_email, send_on, expires_on, status, paid_at, created_at, updated_at)
    values (${voucher}, 'hash-1', 'AB12', 'amount', 10000, 3000, 'Bea Buyer', 'bea@example.com', 'Pat Party',
      'pat@example.com', '2026-03-01', '2027-03-01', 'active', '2026-03-01T09:00:00Z', '2026-03-01T09:00:00Z',
      '2026-03-06T10:00:00Z')`);
  const entry = (kind: string, pence: number, after: number, at: string, partyId: string | null) =>
    run(sql`insert into gift_voucher_ledger (voucher_id, kind, amount_pence, balance_after_pence, actor,
        party_booking_id, created_at)
      values (${voucher}, ${kind}, ${pence}, ${after}, 'customer', ${partyId}, ${at}::timestamptz)`);
  await entry('purchase', 10000, 10000, '2026-03-01T09:00:00Z', null);
  await entry('redeem', -3000, 7000, '2026-03-04T10:00:00Z', party);
  await entry('redeem', -4000, 3000, '2026-03-06T10:00:00Z', party);
}

const paidAt = async (db: Db) =>
  rowsOf<{ purpose: string; status: string; same: boolean | null }>(
    await db.execute(sql`select purpose, status, paid_at = updated_at as same from payments order by updated_at`),
  );

describe.each(testDbKinds)('migration 0031: takings by kind (%s)', (kind) => {
  let database: ScratchDatabase;
  const folders = [copyMigrations({ through: '0030' }), copyMigrations()];
  const db = () => database.db;
  const run = (q: ReturnType<typeof sql>) => db().execute(q);

  beforeAll(async () => {
    database = await openScratchDatabase(kind);
    await database.migrate(folders[0]!.folder);
    await fillRelease0030(db());
    await database.migrate(folders[1]!.folder);
  });
  afterAll(async () => {
    await database?.close();
    for (const f of folders) f.remove();
  });

  it('tells the old rows apart and adds what was not counted, so every day is what the rows say', async () => {
    const { kept, counted } = await keptAndCounted(db());
    expect(kept).toEqual(counted);
    const day = (d: string) => kept.find((k) => k.day === d);
    expect(day('2026-03-02')).toEqual({
      day: '2026-03-02',
      bookings: 2,
      takings: 2100 + 1500 + 600 + 8550,
      tickets: 2100 + 1500,
      credit_bundles: 8550,
      parties: 0,
      gift_vouchers: 600,
      memberships: 0,
      cafe: 0,
      shop: 0,
      events: 0,
    });
    expect(day('2026-03-03')).toMatchObject({ bookings: 2, tickets: 0, gift_vouchers: 2100 });
    // The party: the card's parts on the days paid (the balance less its refund), the voucher's on the days spent.
    expect(day('2026-03-04')).toMatchObject({ bookings: 0, parties: 2000, gift_vouchers: 3000, takings: 5000 });
    expect(day('2026-03-06')).toMatchObject({ parties: 10200 - 5000, gift_vouchers: 4000, takings: 9200 });
    // Party payments that were paid take their last change's time; the others have none.
    expect(await paidAt(db())).toEqual([
      { purpose: 'party_deposit', status: 'succeeded', same: true },
      { purpose: 'party_balance', status: 'failed', same: null },
      { purpose: 'party_balance', status: 'succeeded', same: true },
    ]);
  });

  it('keeps every kind as sales change after the upgrade, through a fold', async () => {
    // The party is cancelled: £35 of the voucher's £70 goes back (the latest spend first: the 6th's £40
    // less £5), the card's deposit is refunded; a booking's voucher value goes back when it is cancelled.
    await run(sql`insert into gift_voucher_ledger (voucher_id, kind, amount_pence, balance_after_pence, actor,
        party_booking_id, created_at)
      values (${voucher}, 'refund_to_voucher', 3500, 6500, 'system', ${party}, '2026-03-09T09:00:00Z')`);
    await run(sql`update payments set refund_status = 'pending', refund_pence = 2000
      where party_booking_id = ${party} and purpose = 'party_deposit'`);
    let { kept, counted } = await keptAndCounted(db());
    expect(kept).toEqual(counted);
    expect(kept.find((k) => k.day === '2026-03-06')).toMatchObject({ gift_vouchers: 500 });
    expect(kept.find((k) => k.day === '2026-03-04')).toMatchObject({ parties: 0, gift_vouchers: 3000 });
    expect(kept.find((k) => k.day === '2026-03-09')).toBeUndefined(); // nothing on the day it went back

    // More back than the 6th had left: the rest comes off the 4th.
    await run(sql`insert into gift_voucher_ledger (voucher_id, kind, amount_pence, balance_after_pence, actor,
        party_booking_id, created_at)
      values (${voucher}, 'refund_to_voucher', 1500, 8000, 'system', ${party}, '2026-03-09T09:01:00Z')`);
    await run(sql`update bookings set status = 'cancelled', gift_voucher_state = 'returned' where reference = 'M-2'`);
    ({ kept, counted } = await keptAndCounted(db()));
    expect(kept).toEqual(counted);
    expect(kept.find((k) => k.day === '2026-03-06')).toMatchObject({ gift_vouchers: 0 });
    expect(kept.find((k) => k.day === '2026-03-04')).toMatchObject({ gift_vouchers: 2000 });
    expect(kept.find((k) => k.day === '2026-03-02')).toMatchObject({ tickets: 2100, gift_vouchers: 0 });

    // A party payment paid now (paid_at set with its status, as the app does) counts on its day; moving its
    // day moves it.
    await run(sql`insert into payments (party_booking_id, purpose, provider, amount_pence, status, paid_at)
      values (${party}, 'party_balance', 'test', 700, 'succeeded', '2026-03-10T12:00:00Z')`);
    await run(sql`update payments set paid_at = '2026-03-11T12:00:00Z' where amount_pence = 700`);
    ({ kept, counted } = await keptAndCounted(db()));
    expect(kept).toEqual(counted);
    expect(kept.find((k) => k.day === '2026-03-11')).toMatchObject({ parties: 700, takings: 700 });

    expect(await foldSalesByDay(db())).toBeGreaterThan(0);
    ({ kept, counted } = await keptAndCounted(db()));
    expect(kept).toEqual(counted);
  });

  it('refuses a row whose kinds do not add up to its takings (a fold by a process older than 0031)', async () => {
    await expect(
      run(sql`insert into sales_by_day (day, bookings, takings_pence) values ('2026-03-02', 0, 100)`),
    ).rejects.toThrow();
  });
});
