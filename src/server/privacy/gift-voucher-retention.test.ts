import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { giftVoucherLedger, giftVouchers } from '../db/schema';
import { testConfig } from '../testing/test-config';
import type { Database } from '../db/client';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { runRetention } from './retention';
import { rowById } from './testing/privacy-fixtures';

// Saturday 10 January 2026, 10:00 in London (GMT).
const T0 = new Date('2026-01-10T10:00:00Z');
const periods = testConfig();

/** A voucher written straight to the database: paid (active) and expiring on `expiresOn`, or never paid. */
async function insertVoucher(db: Db, v: { expiresOn: string; status?: 'active' | 'pending_payment' | 'void' }) {
  const [row] = await db
    .insert(giftVouchers)
    .values({
      codeHash: randomUUID(),
      codeLast4: 'AB12',
      kind: 'amount',
      initialPence: 3000,
      balancePence: 1200,
      buyerName: 'Gran Buyer',
      buyerEmail: 'gran@example.com',
      recipientName: 'Rosie Recipient',
      recipientEmail: 'rosie@example.com',
      message: 'Happy birthday, Rosie',
      sendOn: '2026-01-10',
      expiresOn: v.expiresOn,
      status: v.status ?? 'active',
      clientAddress: '203.0.113.9',
      createdAt: T0,
      updatedAt: T0,
    })
    .returning({ id: giftVouchers.id });
  await db
    .insert(giftVoucherLedger)
    .values({ voucherId: row!.id, kind: 'purchase', amountPence: 3000, balanceAfterPence: 3000, actor: 'buyer' });
  return row!.id;
}

describe.each(testDbKinds)('gift voucher retention on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());
  const db = () => database.db;
  const run = (now: Date) => runRetention({ db: db(), now, periods });

  it('anonymises a voucher 6 years after it expired, keeping amounts and dates', async () => {
    const expired = await insertVoucher(db(), { expiresOn: '2027-01-31' });
    const later = await insertVoucher(db(), { expiresOn: '2027-02-01' });
    // Six years after its last day, not before (the bookings' period, RETAIN_BOOKINGS_MONTHS).
    expect((await run(new Date('2033-01-30T12:00:00Z'))).giftVouchers).toBe(0);
    expect((await rowById(db(), 'gift_vouchers', expired))!.buyer_name).toBe('Gran Buyer');
    expect((await run(new Date('2033-01-31T12:00:00Z'))).giftVouchers).toBe(1);
    expect((await rowById(db(), 'gift_vouchers', expired))!).toMatchObject({
      buyer_name: 'Erased',
      buyer_email: `erased+${expired}@invalid`,
      recipient_name: 'Erased',
      recipient_email: `erased+${expired}@invalid`,
      message: '',
      client_address: null,
      initial_pence: 3000,
      balance_pence: 1200,
      expires_on: '2027-01-31',
      code_last4: 'AB12',
    });
    expect((await rowById(db(), 'gift_vouchers', later))!.recipient_name).toBe('Rosie Recipient');
    // Once done it is not done again.
    expect((await run(new Date('2033-01-31T12:00:00Z'))).giftVouchers).toBe(0);
  });

  it('anonymises a voucher never paid for after the holds’ 30 days, and only that one', async () => {
    const unpaid = await insertVoucher(db(), { expiresOn: '2027-01-10', status: 'pending_payment' });
    const paid = await insertVoucher(db(), { expiresOn: '2027-01-10' });
    expect((await run(new Date('2026-02-08T10:00:00Z'))).giftVouchers).toBe(0);
    expect((await run(new Date('2026-02-09T10:00:00Z'))).giftVouchers).toBe(1);
    expect((await rowById(db(), 'gift_vouchers', unpaid))!).toMatchObject({
      buyer_name: 'Erased',
      initial_pence: 3000,
    });
    expect((await rowById(db(), 'gift_vouchers', paid))!).toMatchObject({
      buyer_name: 'Gran Buyer',
      message: 'Happy birthday, Rosie',
    });
  });

  it('finishes a voucher an erasure left half named (the recipient still there)', async () => {
    const half = await insertVoucher(db(), { expiresOn: '2026-06-30' });
    await db().execute(
      sql`update gift_vouchers set buyer_name = 'Erased', buyer_email = 'erased+x@invalid' where id = ${half}`,
    );
    await run(new Date('2032-07-01T10:00:00Z'));
    expect((await rowById(db(), 'gift_vouchers', half))!).toMatchObject({
      recipient_name: 'Erased',
      recipient_email: `erased+${half}@invalid`,
    });
  });
});
