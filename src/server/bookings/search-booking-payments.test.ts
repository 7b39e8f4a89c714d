import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchPaymentsResponse } from '../../shared/contracts/admin';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { authed, book, buyCredits } from '../testing/dashboard-fixtures';
import { addDays } from '../../shared/dates';
import { oneChildBooking } from './testing/booking-fixtures';
import { searchPayments } from '../payments/search-payments';

describe.each(testDbKinds)('payment search (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = new Date('2025-10-20T09:00:00Z');
  let cookie = '';
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    const tick = () => (clock = new Date(clock.getTime() + 60_000));
    ids.jo = (await book(t.app, { customerName: 'Jo Bloggs', customerEmail: 'jo@example.com' })).bookingId;
    tick();
    ids.joSmith = (
      await book(
        t.app,
        { customerName: 'JOANNA BLOGGS-SMITH', customerEmail: 'joanna@example.com' },
        { pay: 'declined' },
      )
    ).bookingId;
    tick();
    await buyCredits(t.app, { customerName: 'Jo Bloggs', customerEmail: 'Jo@Example.com' });
    tick();
    ids.percent = (await book(t.app, { customerName: '100% Fun_Family', customerEmail: 'fun@example.com' })).bookingId;
    tick();
    ids.lookalike = (
      await book(t.app, { customerName: '1000 FunXFamily', customerEmail: 'funx@example.com' })
    ).bookingId;
    ({ cookie } = await signInAs(t.app, t.ctx));
  });
  afterAll(() => t?.close());

  const search = (searchTerm: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/admin/search-payments', ...authed(cookie), payload: { searchTerm } });
  const found = async (term: string) => {
    const res = await search(term);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchPaymentsResponse;
  };

  it('finds bookings and credit bundles by name in any case, newest first, in the spec’s shape', async () => {
    const body = await found('  bloggs ');
    expect(body.success).toBe(true);
    expect(body.message).toBe('Found 3 payments for "bloggs".');
    expect(
      body.payments.map((p) => [
        p.customer_name,
        p.status,
        p.amount,
        p.description.startsWith('Booking PTB-') ? 'booking' : p.description,
      ]),
    ).toEqual([
      ['Jo Bloggs', 'succeeded', 7500, '10 session credits'],
      ['JOANNA BLOGGS-SMITH', 'failed', 2100, 'booking'],
      ['Jo Bloggs', 'succeeded', 2100, 'booking'],
    ]);
    const [credits, , jo] = body.payments;
    expect(credits!.booking_id).toBeNull();
    expect(jo).toEqual({
      id: expect.any(String),
      customer_name: 'Jo Bloggs',
      customer_email: 'jo@example.com',
      customer_phone: '07700 900123',
      amount: 2100,
      currency: 'gbp',
      payment_method_type: 'card',
      status: 'succeeded',
      created: Date.parse('2025-10-20T09:00:00Z') / 1000,
      booking_id: ids.jo,
      description: expect.stringMatching(/^Booking PTB-[A-Z2-9]{6}$/),
      receipt_url: null,
    });
  });

  it('treats % and _ as the characters they are, not wildcards', async () => {
    expect((await found('100%')).payments.map((p) => p.booking_id)).toEqual([ids.percent]);
    expect((await found('fun_family')).payments.map((p) => p.booking_id)).toEqual([ids.percent]);
    expect((await found('%')).payments.map((p) => p.booking_id)).toEqual([ids.percent]);
    expect((await found('_')).payments.map((p) => p.booking_id)).toEqual([ids.percent]);
  });

  it('says so when nothing matches', async () => {
    expect(await found('Nobody Here')).toEqual({
      success: true,
      payments: [],
      message: 'No payments found for "Nobody Here".',
    });
  });

  it('shows the newest 50 of a common name, bookings and bundles interleaved by time', async () => {
    const bookingIds: string[] = [];
    for (let i = 0; i < 51; i++) {
      clock = new Date(clock.getTime() + 60_000);
      const date = addDays('2025-10-22', i % 20);
      const payload = oneChildBooking(`pat${i}@example.com`, date);
      bookingIds.push((await book(t.app, { ...payload, customerName: 'Pat Many' })).bookingId);
      if (i !== 40) continue;
      clock = new Date(clock.getTime() + 60_000);
      await buyCredits(t.app, { customerName: 'Pat Many', customerEmail: 'pat@example.com' });
    }
    const body = await found('many');
    expect(body.message).toBe('Showing the newest 50 payments for "many". Type more of the name to narrow it down.');
    const newestFirst = [...bookingIds].reverse();
    // The ten bookings after the bundle, the bundle, then the 39 before it: the two oldest miss the page.
    expect(body.payments.map((p) => p.booking_id)).toEqual([
      ...newestFirst.slice(0, 10),
      null,
      ...newestFirst.slice(10, 49),
    ]);
  });

  it('finds the newest 50 payments of a name with 520 bookings, whichever way it looks', async () => {
    // 520 paid bookings of one family name, a minute apart, written directly (the hold caps are not the point).
    await t.ctx.db.execute(sql`
      with made as (
        insert into bookings (reference, status, customer_name, customer_email, customer_phone, visit_date, session_id,
                              loyalty_opt_in, places, places_held, original_pence, final_pence, ticket_token, created_at)
        select 'WALK-' || i, 'confirmed', 'Zed Walker ' || i, 'walker' || i || '@example.com', '01632 960000',
               visit_date, session_id, false, 1, false, 950, 950, 'walk-token-' || i,
               '2025-12-01T00:00:00Z'::timestamptz + make_interval(mins => i)
          from bookings, generate_series(0, 519) as i where id = ${ids.jo}
        returning id, created_at)
      insert into payments (booking_id, provider, amount_pence, status, created_at, updated_at)
      select id, 'test', 950, 'succeeded', created_at, created_at from made`);
    const body = await found('zed walker');
    expect(body.payments).toHaveLength(50);
    expect(body.payments.map((p) => p.customer_name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Zed Walker ${519 - i}`),
    );
    // Through a small window the name is walked, a rarer one gathered, with the same answers.
    const small = { recent: 20, walkAbove: 3, gatherAtMost: 30 };
    for (const searchTerm of ['zed walker', 'zed walker 51', 'zed walker 7', 'bloggs']) {
      expect(await searchPayments({ db: t.ctx.db, searchTerm, window: small }), searchTerm).toEqual(
        await found(searchTerm),
      );
    }
  });

  it('refuses an empty, blank or over-long term with the spec message', async () => {
    for (const term of ['', '   ', undefined, 5]) {
      const res = await search(term);
      expect(res.statusCode, String(term)).toBe(400);
    }
    expect((await search('   ')).json().error.message).toBe('Please enter a customer name to search.');
    expect((await search('x'.repeat(101))).statusCode).toBe(400);
    expect((await search('x'.repeat(100))).statusCode).toBe(200);
  });
});
