import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataErasureResponse, DataExportFile } from '../../shared/contracts/privacy';
import { postJson } from '../bookings/testing/booking-fixtures';
import { rowsOf, type Db } from '../db/client';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { insertPartyInquiry, partyDetails } from '../inquiries/testing/inquiry-fixtures';
import { bookAndPay, seedCode, seedVoucher } from '../loyalty/testing/loyalty-fixtures';
import { payWith } from '../bookings/testing/booking-fixtures';
import { auditRows, signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { insertPlate } from './testing/privacy-fixtures';

// Monday 20 October 2025, 11:00 BST; the family visits on Wednesday 22 October.
const NOW = new Date('2025-10-20T10:00:00Z');
const NAME = 'Zara Quillfeather';
const EMAIL = 'Zara.Quill@Example.com';
const PHONE = '07700 900417';
/** What must be gone after erasure, looked for case-insensitively in every text and JSON column. */
const NEEDLES = ['quillfeather', 'zara.quill@example.com', '900417', 'zq17 zqz'];

/** Rows in any table whose text or JSON columns contain `needle`, as "table.column". */
async function whereFound(db: Db, needle: string): Promise<string[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'json', 'jsonb')`),
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where strpos(lower(${sql.identifier(column_name)}::text), ${needle}) > 0`,
      ),
    );
    if (row!.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

const sums = async (db: Db) =>
  rowsOf<Record<string, number>>(
    await db.execute(sql`select
      (select coalesce(sum(amount_pence), 0)::int from payments) as payments,
      (select coalesce(sum(refund_pence), 0)::int from payments) as refunds,
      (select coalesce(sum(final_pence), 0)::int from bookings) as bookings,
      (select coalesce(sum(amount_pence), 0)::int from credit_purchases) as purchases`),
  )[0]!;

describe.each(testDbKinds)('data requests (export and erasure) on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let admin: { cookie: string; username: string };
  let familyCookie: string;
  let bookingId: string;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => NOW });
    admin = await signInAs(t.app, t.ctx, { role: 'admin' });
    const db = t.ctx.db;
    // One family in every table that can hold its address, through the real calls where there are some.
    ({ bookingId } = await bookAndPay(t.app, {
      customerName: NAME,
      customerEmail: EMAIL,
      customerPhone: PHONE,
      specialRequests: 'Zara Quillfeather junior has a nut allergy',
    }));
    const purchase = await postJson(t.app, '/api/session-credits/purchase', {
      customerName: NAME,
      customerEmail: EMAIL,
      customerPhone: PHONE,
    });
    expect(purchase.statusCode, purchase.body).toBe(201);
    expect((await payWith(t.app, purchase.json().clientSecret)).json().status).toBe('succeeded');
    const contact = await postJson(t.app, '/api/contact', {
      name: NAME,
      email: EMAIL,
      phone: PHONE,
      inquiryType: 'general',
      message: 'Do you have a quiet hour? Zara Quillfeather',
    });
    expect(contact.statusCode, contact.body).toBe(201);
    await insertPartyInquiry(db, partyDetails({ childName: 'Quillfeather junior' }), {
      name: NAME,
      email: EMAIL.toLowerCase(),
      phone: PHONE,
    });
    expect((await postJson(t.app, '/api/family/code', { email: EMAIL })).statusCode).toBe(202);
    familyCookie = await familyCookieFor(db, EMAIL, NOW);
    // The family profile (issue 39): a child with notes, and the rules of play accepted for her.
    const asFamily = { cookie: familyCookie, 'content-type': 'application/json' };
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/family/profile',
      headers: asFamily,
      payload: {
        version: 0,
        adults: [{ name: NAME, phone: PHONE }],
        children: [{ firstName: 'Quilla', dateOfBirth: '2019-05-04', notes: 'Quillfeather junior: nut allergy' }],
        birthdayReminders: true,
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/family/agreements',
      headers: asFamily,
      payload: { version: 1, fullName: NAME, accept: true, childIds: [profile.json().children[0].id] },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const plate = await insertPlate(db, '2025-10-22', 'ZQ17 ZQZ');
    await db.execute(sql`update check_ins set walk_in_name = null, booking_id = ${bookingId} where id = ${plate}`);
    const [member] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from loyalty_members where email = ${EMAIL.toLowerCase()}`),
    );
    await seedVoucher(db, member!.id, 'free-hot-drink', 'DRINK-ZQ01');
    await seedCode(db, member!.id, 'free-hot-drink', '123456', NOW);
  });
  afterAll(() => t.close());
  const asAdmin = () => staffRequest(t.app, admin.cookie);

  it('exports every row that holds the address, in any case, as one JSON attachment', async () => {
    const res = await asAdmin()('POST', '/api/admin/privacy/export', { email: '  ZARA.quill@example.COM ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="play-time-barn-data-2025-10-20\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const file = res.json() as DataExportFile;
    expect(file.email).toBe('zara.quill@example.com');
    for (const table of [
      'bookings',
      'booking_lines',
      'payments',
      'credit_purchases',
      'credit_accounts',
      'credit_ledger',
      'loyalty_members',
      'loyalty_ledger',
      'loyalty_vouchers',
      'loyalty_redemption_codes',
      'inquiries',
      'check_ins',
      'outbox',
      'family_sessions',
      'family_sign_in_codes',
      'family_profiles',
      'family_children',
      'agreement_acceptances',
    ])
      expect(file.tables[table]?.length ?? 0, table).toBeGreaterThan(0);
    expect(file.tables.inquiries!.map((i) => i.source).sort()).toEqual(['contact', 'party']);
    expect(file.tables.check_ins![0]!.number_plate).toBe('ZQ17 ZQZ');
    expect(file.tables.payments!.length).toBe(2); // the booking's and the credit bundle's
    // The file is the person's data, not the keys to it: no token hashes, client secrets or ticket tokens.
    expect(res.body).not.toMatch(/"(token_hash|code_hash|link_hash|viewer_secret_hash|client_secret|ticket_token)"/);
    const audit = (await auditRows(t.ctx.db)).find((a) => a.action === 'data_exported');
    expect(audit).toMatchObject({ actor: admin.username, details: { bookings: 1, outbox: expect.any(Number) } });
    expect(JSON.stringify(audit)).not.toMatch(/quill/i);
  });

  it('erases the address: nothing left anywhere, amounts kept, balances closed, sessions ended, audited', async () => {
    const db = t.ctx.db;
    for (const needle of NEEDLES) expect(await whereFound(db, needle), needle).not.toEqual([]);
    const before = await sums(db);
    expect((await t.app.inject({ url: '/api/family/session', headers: { cookie: familyCookie } })).json()).toEqual({
      email: 'zara.quill@example.com',
    });

    const res = await asAdmin()('POST', '/api/admin/privacy/erase', { email: EMAIL.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    const erased = res.json() as DataErasureResponse;
    expect(erased).toMatchObject({ bookings: 1, creditPurchases: 1, enquiries: 2, checkIns: 1, familySessions: 1 });
    expect(erased.creditsClosed).toBe(10);
    expect(erased.pointsClosed).toBeGreaterThan(0);
    expect(erased.mails).toBeGreaterThan(3);

    for (const needle of NEEDLES) expect(await whereFound(db, needle), needle).toEqual([]);
    expect(await sums(db)).toEqual(before);
    const [balances] = rowsOf<{ credits: number; points: number }>(
      await db.execute(sql`select
        (select coalesce(sum(case when kind in ('grant', 'release', 'refund') then credits when kind in ('hold', 'revoke') then -credits else 0 end), 0)::int from credit_ledger) as credits,
        (select coalesce(sum(points), 0)::int from loyalty_ledger) as points`),
    );
    expect(balances).toEqual({ credits: 0, points: 0 });
    // An unused voucher and a pending redemption code can no longer be spent.
    expect(rowsOf(await db.execute(sql`select status from loyalty_vouchers where code = 'DRINK-ZQ01'`))).toEqual([
      { status: 'void' },
    ]);
    expect(rowsOf(await db.execute(sql`select 1 from loyalty_redemption_codes where used_at is null`))).toEqual([]);
    // The browser that had proved the address is signed out.
    expect((await t.app.inject({ url: '/api/family/session', headers: { cookie: familyCookie } })).json()).toEqual({
      email: null,
    });
    const audit = (await auditRows(db)).find((a) => a.action === 'data_erased');
    expect(audit).toMatchObject({ actor: admin.username, details: erased });
    const exported = (await auditRows(db)).find((a) => a.action === 'data_exported');
    // Export and erasure name the same address by the same reference, and never by the address.
    expect(audit!.subject_id).toBe(exported!.subject_id);
  });

  it('lets the erased address book again as a new family', async () => {
    const again = await bookAndPay(t.app, { customerName: 'Zed New', customerEmail: EMAIL });
    expect(again.bookingId).not.toBe(bookingId);
    const cookie = await familyCookieFor(t.ctx.db, EMAIL, NOW);
    const credits = await t.app.inject({ url: '/api/family/credits', headers: { cookie } });
    expect(credits.statusCode, credits.body).toBe(200);
    expect(credits.json()).toMatchObject({ totalActiveCredits: 0, creditsOnHold: 0 });
    const loyalty = await t.app.inject({ url: '/api/family/loyalty', headers: { cookie } });
    expect(loyalty.statusCode, loyalty.body).toBe(200);
    // A new member: the welcome bonus and this booking's points, nothing carried over.
    expect(loyalty.json().member).toMatchObject({ name: 'Zed', currentPoints: 71, visitCount: 0 });
  });

  it('refuses anonymous visitors (401), staff who are not admins and kiosks (403)', async () => {
    const staff = await signInAs(t.app, t.ctx, { role: 'staff' });
    const kiosk = await signInAs(t.app, t.ctx, { kiosk: true });
    for (const url of ['/api/admin/privacy/export', '/api/admin/privacy/erase']) {
      expect((await staffRequest(t.app, undefined)('POST', url, { email: 'x@example.com' })).statusCode, url).toBe(401);
      expect((await staffRequest(t.app, staff.cookie)('POST', url, { email: 'x@example.com' })).statusCode, url).toBe(
        403,
      );
      expect((await staffRequest(t.app, kiosk.cookie)('POST', url, { email: 'x@example.com' })).statusCode, url).toBe(
        403,
      );
      const bad = await asAdmin()('POST', url, { email: 'not an address' });
      expect(bad.statusCode, url).toBe(400);
    }
    expect((await auditRows(t.ctx.db)).filter((a) => a.subject_id.includes('x@example'))).toEqual([]);
  });
});
