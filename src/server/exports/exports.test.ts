import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, records } from '../testing/parse-csv';
import { auditRows, signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import type { Db } from '../db/client';

async function insertBooking(
  db: Db,
  b: { reference: string; createdAt: string; name?: string; phone?: string; email?: string; requests?: string },
): Promise<string> {
  const rows = (await db.execute(sql`
    insert into bookings (reference, status, customer_name, customer_email, customer_phone, visit_date, session_id,
                          special_requests, loyalty_opt_in, places, places_held, original_pence, final_pence,
                          credits_used, credit_savings_pence, ticket_token, created_at, confirmed_at)
    values (${b.reference}, 'confirmed', ${b.name ?? 'Plain Family'}, ${b.email ?? 'plain@example.com'},
            ${b.phone ?? '07700 900000'}, '2025-10-24', 'morning', ${b.requests ?? ''}, true, 2, false, 2100, 1150,
            1, 950, ${`token-${b.reference}`}, ${b.createdAt}::timestamptz, ${b.createdAt}::timestamptz + interval '1 minute')
    returning id`)) as unknown as { rows: { id: string }[] };
  const id = rows.rows[0]!.id;
  await db.execute(sql`
    insert into booking_lines (booking_id, ticket_type_id, quantity, unit_price_pence)
    select ${id}::uuid, ticket_type_id, 2, price_pence from ticket_type_prices where ticket_type_id = 'child-0-1' and band_id = 'peak'`);
  return id;
}

describe.each(testDbKinds)('CSV exports (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let admin: string;
  let adminName: string;
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    t = await openTestApp(kind);
    ({ cookie: admin, username: adminName } = await signInAs(t.app, t.ctx, { role: 'admin' }));
    const db = t.ctx.db;
    // 00:30 on 1 October in London is still 30 September in UTC (BST): inside a range from 1 October.
    const hostile = await insertBooking(db, {
      reference: 'PTB-HOSTILE',
      createdAt: '2025-09-30T23:30:00Z',
      name: '=HYPERLINK("http://evil.example","Click")',
      phone: '+44 7700 900123',
      email: '@x',
      requests: '-1',
    });
    const quotes = await insertBooking(db, {
      reference: 'PTB-QUOTES',
      createdAt: '2025-10-15T12:00:00Z',
      name: 'Zoë Brontë 🎈',
      requests: 'Nut allergy, "severe"\r\nSecond line\nthird',
    });
    // Lines written out of the ticket types' order: the Tickets cell lists them in it.
    await db.execute(sql`delete from booking_lines where booking_id = ${quotes}::uuid`);
    await db.execute(sql`
      insert into booking_lines (booking_id, ticket_type_id, quantity, unit_price_pence)
      values (${quotes}::uuid, 'adult', 1, 200), (${quotes}::uuid, 'child-1-12', 3, 950)`);
    // 23:59 on 31 October in London (GMT again): the last minute of the range.
    await insertBooking(db, { reference: 'PTB-LASTMIN', createdAt: '2025-10-31T23:59:00Z' });
    // Outside: a minute before and a minute after the range.
    await insertBooking(db, { reference: 'PTB-BEFORE', createdAt: '2025-09-30T22:59:00Z' });
    await insertBooking(db, { reference: 'PTB-AFTER', createdAt: '2025-11-01T00:00:00Z' });
    await db.execute(sql`
      insert into payments (booking_id, provider, provider_payment_id, amount_pence, status, refund_status,
                            refund_pence, refund_reason, created_at, updated_at)
      values (${hostile}::uuid, 'test', 'pi_test_1', 1150, 'refunded', 'succeeded', 500, 'cancelled',
              '2025-09-30T23:31:00Z', '2025-10-02T09:00:00Z')`);
    await db.execute(sql`
      insert into inquiries (source, name, email, phone, inquiry_type, message, details, created_at)
      values ('contact', '@SUM(A1:A9)', 'enq@example.com', '-2', 'general', '=1+1', null, '2025-10-02T10:00:00Z'),
             ('party', 'Amélie', 'amelie@example.com', '07700 900555', 'party', 'Hello, "party" time',
              '{"children":"12","date":"2025-11-20"}'::jsonb, '2025-10-03T10:00:00Z'),
             ('contact', 'Too Late', 'late@example.com', '', 'general', 'x', null, '2025-11-02T10:00:00Z')`);
  });
  afterAll(() => t?.close());

  const october = '?from=2025-10-01&to=2025-10-31';

  it('refuses anyone but an admin: anonymous 401, kiosk and staff 403', async () => {
    expect((await get(`/api/admin/exports/bookings.csv${october}`)).statusCode).toBe(401);
    const kiosk = await signInAs(t.app, t.ctx, { role: 'admin', kiosk: true });
    const k = await get(`/api/admin/exports/payments.csv${october}`, kiosk.cookie);
    expect(k.statusCode).toBe(403);
    expect(k.json().error.code).toBe('forbidden');
    const staff = await signInAs(t.app, t.ctx, { role: 'staff' });
    expect((await get(`/api/admin/exports/enquiries.csv${october}`, staff.cookie)).statusCode).toBe(403);
  });

  it('bookings: a UTF-8 CSV file with a BOM, CRLF, every column, formula cells escaped, quoting, London times', async () => {
    const res = await get(`/api/admin/exports/bookings.csv${october}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="play-time-barn-bookings-2025-10-01-to-2025-10-31.csv"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    // Every line ends CRLF: no bare LF outside the one quoted cell that holds line breaks.
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      'Reference',
      'Booked at (London)',
      'Status',
      'Visit date',
      'Session',
      'Customer name',
      'Email',
      'Phone',
      'Children',
      'Tickets',
      'Price before discounts (GBP)',
      'Session credits used',
      'Credit savings (GBP)',
      'Voucher discount (GBP)',
      'Total (GBP)',
      'Paid (GBP)',
      'Refunded (GBP)',
      'Loyalty opt-in',
      'Special requests',
      'Confirmed at (London)',
      'Cancelled at (London)',
    ]);
    const byRef = Object.fromEntries(records(rows).map((r) => [r.Reference!, r]));
    // Inclusive at both ends in London time; the minute before and after are not there.
    expect(Object.keys(byRef)).toEqual(['PTB-HOSTILE', 'PTB-QUOTES', 'PTB-LASTMIN']);
    expect(byRef['PTB-HOSTILE']).toMatchObject({
      'Booked at (London)': '2025-10-01 00:30:00',
      Status: 'confirmed',
      'Visit date': '2025-10-24',
      Session: '9:30 AM - 11:30 AM',
      'Customer name': `'=HYPERLINK("http://evil.example","Click")`,
      Email: `'@x`,
      Phone: `'+44 7700 900123`,
      Children: '2',
      'Price before discounts (GBP)': '21.00',
      'Session credits used': '1',
      'Credit savings (GBP)': '9.50',
      'Voucher discount (GBP)': '0.00',
      'Total (GBP)': '11.50',
      'Paid (GBP)': '11.50',
      'Refunded (GBP)': '5.00',
      'Loyalty opt-in': 'yes',
      'Special requests': `'-1`,
      'Confirmed at (London)': '2025-10-01 00:31:00',
      'Cancelled at (London)': '',
    });
    expect(byRef['PTB-HOSTILE']!.Tickets).toMatch(/^2 x \S/);
    expect(byRef['PTB-QUOTES']).toMatchObject({
      'Customer name': 'Zoë Brontë 🎈',
      Tickets: '3 x Children 1-12 years; 1 x Adults',
      'Special requests': 'Nut allergy, "severe"\r\nSecond line\nthird',
      'Paid (GBP)': '0.00',
    });
    expect(byRef['PTB-LASTMIN']!['Booked at (London)']).toBe('2025-10-31 23:59:00');
    // The raw bytes: the quote doubled, the formula cell quoted because it holds quotes and a comma.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(text).toContain('"Nut allergy, ""severe""\r\nSecond line\nthird"');
    expect(text).toContain('Zoë Brontë 🎈');
  });

  it('payments: every column, the booking it paid for, amounts in pounds', async () => {
    const res = await get(`/api/admin/exports/payments.csv${october}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'Payment ID',
      'Created at (London)',
      'For',
      'Booking reference',
      'Customer name',
      'Email',
      'Provider',
      'Provider payment ID',
      'Status',
      'Amount (GBP)',
      'Refund status',
      'Refund (GBP)',
      'Refund reason',
      'Last updated (London)',
    ]);
    const [p, ...rest] = records(rows);
    expect(rest).toEqual([]);
    expect(p!['Payment ID']).toMatch(/^[0-9a-f-]{36}$/);
    expect(p).toMatchObject({
      'Created at (London)': '2025-10-01 00:31:00',
      For: 'booking',
      'Booking reference': 'PTB-HOSTILE',
      'Customer name': `'=HYPERLINK("http://evil.example","Click")`,
      Email: `'@x`,
      Provider: 'test',
      'Provider payment ID': 'pi_test_1',
      Status: 'refunded',
      'Amount (GBP)': '11.50',
      'Refund status': 'succeeded',
      'Refund (GBP)': '5.00',
      'Refund reason': 'cancelled',
      'Last updated (London)': '2025-10-02 10:00:00',
    });
  });

  it('enquiries: every column, formula cells escaped, party details in one cell', async () => {
    const res = await get(`/api/admin/exports/enquiries.csv${october}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'Received at (London)',
      'Form',
      'Enquiry type',
      'Name',
      'Email',
      'Phone',
      'Message',
      'Party details',
      'Responded',
      'Responded at (London)',
      'Party booked at (London)',
    ]);
    expect(records(rows)).toEqual([
      {
        'Received at (London)': '2025-10-02 11:00:00',
        Form: 'contact',
        'Enquiry type': 'general',
        Name: `'@SUM(A1:A9)`,
        Email: 'enq@example.com',
        Phone: `'-2`,
        Message: `'=1+1`,
        'Party details': '',
        Responded: 'no',
        'Responded at (London)': '',
        'Party booked at (London)': '',
      },
      {
        'Received at (London)': '2025-10-03 11:00:00',
        Form: 'party',
        'Enquiry type': 'party',
        Name: 'Amélie',
        Email: 'amelie@example.com',
        Phone: '07700 900555',
        Message: 'Hello, "party" time',
        'Party details': 'children: 12; date: 2025-11-20',
        Responded: 'no',
        'Responded at (London)': '',
        'Party booked at (London)': '',
      },
    ]);
  });

  it('refuses a reversed range or one longer than 366 days; a 366-day one and one day are fine', async () => {
    for (const q of [
      '?from=2025-10-31&to=2025-10-01',
      '?from=2024-01-01&to=2025-01-01',
      '?from=2025-10-01',
      '?from=x&to=y',
    ]) {
      const res = await get(`/api/admin/exports/bookings.csv${q}`, admin);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('invalid_input');
    }
    expect((await get('/api/admin/exports/bookings.csv?from=2024-01-01&to=2024-12-31', admin)).statusCode).toBe(200);
    const day = await get('/api/admin/exports/bookings.csv?from=2025-10-15&to=2025-10-15', admin);
    expect(records(parseCsv(day.body.replace(/^\uFEFF/, ''))).map((r) => r.Reference)).toEqual(['PTB-QUOTES']);
  });

  it('writes each export to the audit log with the admin and the range', async () => {
    const entries = (await auditRows(t.ctx.db)).filter((e) => e.action === 'export.csv');
    expect(entries).toContainEqual({
      actor: adminName,
      action: 'export.csv',
      subject_id: 'enquiries',
      details: { from: '2025-10-01', to: '2025-10-31' },
    });
    // Refused requests are not exports.
    expect(entries.every((e) => e.actor === adminName)).toBe(true);
  });

  it('streams a large export: many chunks over a real socket, every row, a flat heap', async () => {
    await t.ctx.db.execute(sql`
      insert into bookings (reference, status, customer_name, customer_email, customer_phone, visit_date, session_id,
                            special_requests, loyalty_opt_in, places, places_held, original_pence, final_pence,
                            ticket_token, created_at)
      select 'BULK-' || i, 'confirmed', 'Bulk Family ' || i, 'bulk' || i || '@example.com', '01632 960000',
             '2024-06-01', 'midday', 'Notes long enough for a realistic row: ' || repeat(md5(i::text), 4), false, 2,
             false, 1900, 1900, 'bulk-token-' || i,
             timestamptz '2024-03-01 00:00:00Z' + make_interval(secs => i * 60)
        from generate_series(1, 20000) as i`);
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // A first day's export (1,440 rows) warms up what stays allocated anyway: PGlite's WebAssembly memory
    // grows to hold a page of results and never shrinks.
    const warm = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/bookings.csv?from=2024-03-02&to=2024-03-02',
      headers: { cookie: admin },
    });
    expect(warm.body.split('\r\n')).toHaveLength(1_440 + 2);
    gc();
    // The JS heap and the buffers outside it (a string written to a stream becomes a Buffer).
    const live = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const before = live();
    let peak = 0;
    let chunks = 0;
    let bytes = 0;
    let lines = 0;
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get(
          `http://127.0.0.1:${port}/api/admin/exports/bookings.csv?from=2024-01-01&to=2024-12-31`,
          { headers: { cookie: admin } },
          (res) => {
            expect(res.statusCode).toBe(200);
            expect(res.headers['transfer-encoding']).toBe('chunked');
            res.on('data', (chunk: Buffer) => {
              chunks++;
              bytes += chunk.length;
              for (const b of chunk) if (b === 0x0a) lines++;
              // Every 10th chunk, what is live right now (after a full collection), server and client alike.
              if (chunks % 10 === 0) {
                gc();
                peak = Math.max(peak, live() - before);
              }
            });
            res.on('end', resolve);
            res.on('error', reject);
          },
        )
        .on('error', reject);
    });
    const ms = performance.now() - started;
    console.log(
      `[${kind}] 20,000-booking export: ${(bytes / 1e6).toFixed(1)} MB in ${chunks} chunks, ${ms.toFixed(0)} ms, ` +
        `live heap at most +${(peak / 1e6).toFixed(1)} MB over the start`,
    );
    expect(lines).toBe(20_001);
    expect(chunks).toBeGreaterThan(20);
    // The whole file is ~6.7 MB; read in one query (checked by hand) this showed +7 to +8.5 MB.
    expect(peak).toBeLessThan(6e6);
    // 20,000 rows inserted and exported on PGlite: 22 s seen on a loaded machine, against the 30 s default.
  }, 90_000);
});
