import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataErasureResponse, DataExportFile } from '../../shared/contracts/privacy';
import { rowsOf, type Db } from '../db/client';
import { waitingListEntries } from '../db/schema';
import { buyVoucher, lookupCode, voucherRow } from '../gift-vouchers/testing/gift-voucher-fixtures';
import { normaliseVoucherCode } from '../gift-vouchers/gift-voucher-code';
import { redeemGiftVoucher } from '../gift-vouchers/voucher-ledger';
import { signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';

// Monday 20 October 2025, 11:00 BST.
const NOW = new Date('2025-10-20T10:00:00Z');
const EMAIL = 'Zara.Quill@Example.com';
const LOWER = EMAIL.toLowerCase();

async function addEntry(db: Db, email: string, v: Partial<typeof waitingListEntries.$inferInsert> = {}) {
  const [row] = await db
    .insert(waitingListEntries)
    .values({ email, visitDate: '2025-10-25', sessionId: 'morning', places: 2, createdAt: NOW, updatedAt: NOW, ...v })
    .returning({ id: waitingListEntries.id });
  return row!.id;
}

const ledgerOf = async (db: Db, voucherId: string) =>
  rowsOf<{ kind: string; amount_pence: number }>(
    await db.execute(sql`select kind, amount_pence from gift_voucher_ledger where voucher_id = ${voucherId}
      order by created_at`),
  );

describe.each(testDbKinds)('gift vouchers and waiting lists in data requests on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let admin: { cookie: string; username: string };
  let bought: Awaited<ReturnType<typeof buyVoucher>>;
  let received: Awaited<ReturnType<typeof buyVoucher>>;
  let others: Awaited<ReturnType<typeof buyVoucher>>;
  const entries = { waiting: '', offered: '', otherFamily: '' };
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => NOW });
    admin = await signInAs(t.app, t.ctx, { role: 'admin' });
    const db = t.ctx.db;
    // Zara bought one voucher for Rosie (and £5 of it is spent), and was given one by her gran (not sent yet).
    bought = await buyVoucher(t.app, db, { buyerName: 'Zara Quillfeather', buyerEmail: EMAIL, message: 'Love, Zara' });
    await db.transaction((tx) => redeemGiftVoucher(tx, { code: bought.code, amountPence: 500, now: NOW }));
    received = await buyVoucher(t.app, db, {
      recipientName: 'Zara Quillfeather',
      recipientEmail: EMAIL,
      message: 'For Zara Quillfeather, with love',
      sendOn: '2025-11-01',
    });
    // Someone else's voucher, untouched by Zara's requests.
    others = await buyVoucher(t.app, db, { buyerEmail: 'someone@example.com', recipientEmail: 'else@example.com' });
    entries.waiting = await addEntry(db, LOWER);
    entries.offered = await addEntry(db, LOWER, {
      visitDate: '2025-10-26',
      status: 'offered',
      placesHeld: true,
      offeredAt: NOW,
      offerExpiresAt: new Date(NOW.getTime() + 2 * 3_600_000),
      offerTokenHash: 'a'.repeat(64),
      offeredBy: 'system',
    });
    entries.otherFamily = await addEntry(db, 'another@example.com');
  });
  afterAll(() => t.close());
  const asAdmin = () => staffRequest(t.app, admin.cookie);

  it('exports the vouchers bought and received (last four only), their ledgers and the waiting list entries', async () => {
    const res = await asAdmin()('POST', '/api/admin/privacy/export', { email: EMAIL });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json() as DataExportFile;
    const vouchers = file.tables.gift_vouchers!;
    expect(vouchers.map((v) => v.id).sort()).toEqual([bought.voucherId, received.voucherId].sort());
    for (const v of vouchers) {
      expect(v.code_last4).toMatch(/^[A-Z0-9]{4}$/);
      expect(v).not.toHaveProperty('code_hash');
    }
    // Never the whole code, in any form it could be typed.
    for (const code of [bought.code, received.code]) {
      expect(res.body).not.toContain(code);
      expect(res.body).not.toContain(normaliseVoucherCode(code)!.slice(0, 12));
    }
    // The buyer's client address is the buyer's, not the recipient's.
    expect(vouchers.find((v) => v.id === received.voucherId)!.client_address).toBeNull();
    expect(vouchers.find((v) => v.id === bought.voucherId)!.buyer_name).toBe('Zara Quillfeather');

    const ledger = file.tables.gift_voucher_ledger!;
    expect(ledger.filter((l) => l.voucher_id === bought.voucherId).map((l) => [l.kind, l.amount_pence])).toEqual([
      ['purchase', 3000],
      ['redeem', -500],
    ]);
    expect(ledger.filter((l) => l.voucher_id === received.voucherId).map((l) => l.kind)).toEqual(['purchase']);
    expect(ledger[0]).not.toHaveProperty('actor');
    // The voucher Zara paid for is among her payments; the one she was given is not.
    expect(file.tables.payments!.map((p) => p.gift_voucher_id)).toEqual([bought.voucherId]);

    const waiting = file.tables.waiting_list_entries!;
    expect(waiting.map((w) => w.id).sort()).toEqual([entries.waiting, entries.offered].sort());
    expect(waiting[0]).not.toHaveProperty('offer_token_hash');
    expect(res.body).not.toContain('a'.repeat(64));
    expect(res.body).not.toContain(others.voucherId);
  });

  it('erases names, addresses and messages, keeps amounts and ledgers, leaves the code spendable', async () => {
    const db = t.ctx.db;
    const ledgersBefore = [await ledgerOf(db, bought.voucherId), await ledgerOf(db, received.voucherId)];
    const res = await asAdmin()('POST', '/api/admin/privacy/erase', { email: EMAIL });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as DataErasureResponse).toMatchObject({ giftVouchers: 2, waitingListEntries: 2 });

    const a = await voucherRow(db, bought.voucherId);
    expect(a).toMatchObject({
      buyerName: 'Erased',
      buyerEmail: expect.stringMatching(/^erased\+.+@invalid$/),
      clientAddress: null,
      message: '',
      // The gift is Rosie's: her details stay so it still reaches her.
      recipientName: 'Rosie Recipient',
      recipientEmail: 'rosie@example.com',
      initialPence: 3000,
      balancePence: 2500,
      status: 'active',
    });
    const b = await voucherRow(db, received.voucherId);
    expect(b).toMatchObject({
      recipientName: 'Erased',
      recipientEmail: expect.stringMatching(/^erased\+.+@invalid$/),
      message: '',
      buyerName: 'Gran Buyer',
      balancePence: 3000,
    });
    // Its mail had not gone: it now never will (to no one), so the send job passes it by.
    expect(b.sentAt).not.toBeNull();
    expect([await ledgerOf(db, bought.voucherId), await ledgerOf(db, received.voucherId)]).toEqual(ledgersBefore);
    expect(await voucherRow(db, others.voucherId)).toMatchObject({
      buyerEmail: 'someone@example.com',
      message: expect.any(String),
    });

    // Spendable by its code, as before.
    const looked = await lookupCode(t.app, bought.code);
    expect(looked.statusCode, looked.body).toBe(200);
    expect(looked.json()).toMatchObject({ balance: 2500 });
    const spent = await db.transaction((tx) =>
      redeemGiftVoucher(tx, { code: received.code, amountPence: 1000, now: NOW }),
    );
    expect(spent.balanceAfterPence).toBe(2000);

    const left = rowsOf<{
      id: string;
      email: string;
      offer_token_hash: string | null;
      offer_expires_at: Date | string;
    }>(
      await db.execute(
        sql`select id, email, offer_token_hash, offer_expires_at from waiting_list_entries order by created_at`,
      ),
    );
    // The plain entry is gone; the offer holding places ends now, nameless, for the expiry pass to hand on.
    expect(left.map((e) => e.id).sort()).toEqual([entries.offered, entries.otherFamily].sort());
    const offered = left.find((e) => e.id === entries.offered)!;
    expect(offered.email).toMatch(/^erased\+.+@invalid$/);
    expect(offered.offer_token_hash).toBeNull();
    expect(new Date(offered.offer_expires_at).getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(left.find((e) => e.id === entries.otherFamily)!.email).toBe('another@example.com');

    const found = rowsOf(
      await db.execute(sql`select id from gift_vouchers where strpos(lower(buyer_name || buyer_email || recipient_name
        || recipient_email || message), 'quill') > 0 union all
        select id from waiting_list_entries where strpos(lower(email), 'quill') > 0`),
    );
    expect(found).toEqual([]);
    const again = (await asAdmin()('POST', '/api/admin/privacy/export', { email: EMAIL })).json() as DataExportFile;
    for (const table of ['gift_vouchers', 'gift_voucher_ledger', 'waiting_list_entries', 'payments'])
      expect(again.tables[table], table).toEqual([]);
  });
});
