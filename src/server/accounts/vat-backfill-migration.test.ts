import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../db/client';
import { copyMigrations, openScratchDatabase, type ScratchDatabase } from '../testing/migration-scratch';
import { testDbKinds } from '../testing/test-database';

/*
 * Migration 0047 (the VAT ledger) on a database of the release before it: money already taken is back-filled
 * at 20%, a gift voucher's sale at 0, a refund reversed at its sale's rate on its own day, a voucher spent on
 * a party taxed on the day it was spent, with the party's date as when it is enjoyed.
 */
const booking = '00000000-0000-4000-8000-00000000b001';
const party = '00000000-0000-4000-8000-00000000aa01';
const voucher = '00000000-0000-4000-8000-00000000ab01';

async function fillRelease0046(db: Db): Promise<void> {
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  await run(sql`insert into bookings (id, reference, status, customer_name, customer_email, customer_phone, visit_date,
      session_id, loyalty_opt_in, places, places_held, original_pence, final_pence, ticket_token, created_at, confirmed_at)
    values (${booking}, 'M-1', 'confirmed', 'Sam Sales', 'sam@example.com', '01632 960000', '2026-03-20', null, false,
      1, false, 2100, 2100, 'token-M-1', '2026-03-02T10:00:00Z', '2026-03-02T10:05:00Z')`);
  await run(sql`insert into payments (booking_id, purpose, provider, amount_pence, status, refund_status, refund_pence,
      paid_at, created_at, updated_at)
    values (${booking}, 'booking', 'test', 2100, 'refunded', 'succeeded', 1000, '2026-03-02T10:05:00Z',
      '2026-03-02T10:00:00Z', '2026-04-02T09:00:00Z')`);
  await run(sql`insert into party_bookings (id, reference, party_date, slot_id, room_id, package_id, children,
      child_first_name, child_age, parent_name, parent_email, parent_phone, status, deposit_pence, total_pence,
      price_lines, paid_pence, gift_voucher_pence, created_at, updated_at)
    values (${party}, 'PTY-AAA111', '2026-04-18', 'midday', 'room-1', 'silver', 12, 'Maisie', 6, 'Pat Party',
      'pat@example.com', '07700 900123', 'confirmed', 5000, 19200, '[]'::jsonb, 3000, 3000,
      '2026-03-04T10:00:00Z', '2026-03-04T10:00:00Z')`);
  await run(sql`insert into gift_vouchers (id, code_hash, code_last4, kind, initial_pence, balance_pence, buyer_name,
      buyer_email, recipient_name, recipient_email, send_on, expires_on, status, paid_at, created_at, updated_at)
    values (${voucher}, 'hash-1', 'AB12', 'amount', 10000, 7000, 'Bea Buyer', 'bea@example.com', 'Pat Party',
      'pat@example.com', '2026-03-01', '2027-03-01', 'active', '2026-03-01T09:00:00Z', '2026-03-01T09:00:00Z',
      '2026-03-04T10:00:00Z')`);
  await run(sql`insert into payments (gift_voucher_id, purpose, provider, amount_pence, status, paid_at, created_at, updated_at)
    values (${voucher}, 'gift_voucher', 'test', 10000, 'succeeded', '2026-03-01T09:00:00Z', '2026-03-01T09:00:00Z',
      '2026-03-01T09:00:00Z')`);
  await run(sql`insert into gift_voucher_ledger (voucher_id, kind, amount_pence, balance_after_pence, actor,
      party_booking_id, created_at)
    values (${voucher}, 'redeem', -3000, 7000, 'customer', ${party}, '2026-03-04T10:00:00Z')`);
}

describe.each(testDbKinds)('migration 0047: the VAT ledger back-filled (%s)', (kind) => {
  let database: ScratchDatabase;
  const folders = [copyMigrations({ through: '0046' }), copyMigrations()];
  beforeAll(async () => {
    database = await openScratchDatabase(kind);
    await database.migrate(folders[0]!.folder);
    await fillRelease0046(database.db);
    await database.migrate(folders[1]!.folder);
  });
  afterAll(async () => {
    await database?.close();
    for (const f of folders) f.remove();
  });

  it('writes a line for each payment, refund and voucher spend, at 20% (0 for a voucher sold)', async () => {
    const rows = rowsOf<Record<string, unknown>>(
      await database.db
        .execute(sql`select day::text, kind, event, settlement, rate_bp, gross_pence, net_pence, vat_pence,
          service_from::text from vat_lines order by day, kind`),
    );
    expect(rows).toEqual([
      {
        day: '2026-03-01',
        kind: 'gift_voucher',
        event: 'sale',
        settlement: 'card',
        rate_bp: 0,
        gross_pence: 10000,
        net_pence: 10000,
        vat_pence: 0,
        service_from: null,
      },
      {
        day: '2026-03-02',
        kind: 'admission',
        event: 'sale',
        settlement: 'card',
        rate_bp: 2000,
        gross_pence: 2100,
        net_pence: 1750,
        vat_pence: 350,
        service_from: '2026-03-20',
      },
      {
        day: '2026-03-04',
        kind: 'parties',
        event: 'sale',
        settlement: 'voucher',
        rate_bp: 2000,
        gross_pence: 3000,
        net_pence: 2500,
        vat_pence: 500,
        service_from: '2026-04-18',
      },
      {
        day: '2026-04-02',
        kind: 'admission',
        event: 'refund',
        settlement: 'card',
        rate_bp: 2000,
        gross_pence: -1000,
        net_pence: -833,
        vat_pence: -167,
        service_from: '2026-03-20',
      },
    ]);
  });
});
