import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  familyPartyViewSchema,
  partyAvailabilityResponseSchema,
  partyPaymentResponseSchema,
  partyQuoteResponseSchema,
} from '../../shared/contracts/party-booking';
import { mailsTo, payWith, postJson } from '../bookings/testing/booking-fixtures';
import { runSweep } from '../sweep';
import { loyaltyVouchers, partyBookings, payments, testProviderPayments } from '../db/schema';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { ledgerOf, seedMember, seedVoucher } from '../loyalty/testing/loyalty-fixtures';
import { reportPayment } from '../payments/testing/report-payment';
import { paymentDeps } from '../payments/payment-deps';
import { PaymentProviderError, type PaymentProvider } from '../payments/provider';
import { openTestApp } from '../testing/test-app';
import { useClockedTestApp } from '../testing/clocked-test-app';
import { testDbKinds } from '../testing/test-database';

// Monday 1 June 2026, 09:00 BST: parties bookable through 1 July. Each test takes a date and slot of its own.
const START = new Date('2026-06-01T08:00:00Z');
type Payment = { partyId: string; reference: string; clientSecret: string; amountPence: number; manageToken: string };

/** The family's form, filled in: Silver (with food) for 12 children unless told otherwise. */
function partyForm(i: number, over: Record<string, unknown> = {}) {
  const children = (over.children as number | undefined) ?? 12;
  return {
    date: '2026-06-20',
    slotId: 'midday',
    packageId: 'silver',
    children,
    childFirstName: 'Maisie',
    childAge: 6,
    foodChoices: Array.from({ length: children }, (_, k) => (k % 2 ? 'cheese-pizza' : 'veggie-pasta')),
    dietaryNotes: 'One child has a nut allergy',
    parentName: `Parent ${i}`,
    parentEmail: `party${i}@example.com`,
    parentPhone: '07700 900123',
    agreeToTerms: true,
    ...over,
  };
}

const request = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  o: { token?: string; cookie?: string; body?: unknown } = {},
) =>
  app.inject({
    method,
    url,
    headers: {
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(o.token ? { 'x-party-token': o.token } : {}),
      ...(o.cookie ? { cookie: o.cookie } : {}),
    },
    payload: o.body === undefined ? undefined : JSON.stringify(o.body),
  });

describe.each(testDbKinds)('parties online, the family’s routes, on %s', (kind) => {
  const t = useClockedTestApp(kind, START);

  const book = async (body: unknown): Promise<Payment> => {
    const res = await postJson(t.app, '/api/parties', body);
    expect(res.statusCode, res.body).toBe(201);
    return partyPaymentResponseSchema.parse(res.json()) as Payment;
  };
  const partyRow = async (id: string) =>
    (await t.ctx.db.select().from(partyBookings).where(eq(partyBookings.id, id)))[0]!;
  const paymentsOf = (id: string) => t.ctx.db.select().from(payments).where(eq(payments.partyBookingId, id));
  const view = async (id: string, token: string) => {
    const res = await request(t.app, 'GET', `/api/parties/${id}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return familyPartyViewSchema.parse(res.json());
  };

  it('answers a month of slots with the packages, the party menu and the deposit, briefly cacheable', async () => {
    const res = await request(t.app, 'GET', '/api/parties/availability?month=2026-06');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=5');
    const month = partyAvailabilityResponseSchema.parse(res.json());
    expect(month).toMatchObject({ month: '2026-06', rooms: 2, depositPence: 5000 });
    expect(month.packages.map((p) => [p.id, p.food, p.perChild, p.pricePence])).toEqual([
      ['bronze', false, true, 1300],
      ['silver', true, true, 1600],
      ['gold', true, true, 1900],
      ['private-hire', false, false, 19900],
    ]);
    expect(month.foodOptions.map((o) => o.id)).toContain('veggie-pasta');
    expect(month.foodOptions.every((o) => o.allergens.length > 0)).toBe(true);
    expect(month.days.find((d) => d.date === '2026-06-20')!.slots.map((s) => s.slotId)).toEqual([
      'morning',
      'morning-long',
      'midday',
      'afternoon-long',
      'afternoon',
      'evening',
    ]);
    for (const bad of ['2026-13', 'june', ''])
      expect((await request(t.app, 'GET', `/api/parties/availability?month=${bad}`)).statusCode).toBe(400);
    expect((await request(t.app, 'GET', '/api/parties/availability')).statusCode).toBe(400);
  });

  it('quotes exactly what it charges; the deposit paid on the card form confirms the party and mails it with a calendar file', async () => {
    const quote = await postJson(t.app, '/api/parties/quote', {
      date: '2026-06-20',
      slotId: 'midday',
      packageId: 'silver',
      children: 12,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(partyQuoteResponseSchema.parse(quote.json())).toEqual({
      lines: [
        { kind: 'per_child', label: 'Silver party, per child', quantity: 12, unitPence: 1600, amountPence: 19200 },
      ],
      totalPence: 19200,
      depositPence: 5000,
      balancePence: 14200,
      balanceDueDate: '2026-06-13',
    });

    const paid = await book(partyForm(1));
    expect(paid.amountPence).toBe(5000);
    const held = await partyRow(paid.partyId);
    expect(held).toMatchObject({
      status: 'held',
      totalPence: 19200,
      paidPence: 0,
      dietaryNotes: 'One child has a nut allergy',
    });
    expect(held.foodChoices).toHaveLength(12);
    expect(await paymentsOf(paid.partyId)).toMatchObject([
      { purpose: 'party_deposit', amountPence: 5000, status: 'pending' },
    ]);

    expect((await payWith(t.app, paid.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect(await partyRow(paid.partyId)).toMatchObject({ status: 'confirmed', paidPence: 5000, holdExpiresAt: null });
    const [mail] = await mailsTo(t.ctx.db, 'party1@example.com');
    expect(mail!.subject).toContain(paid.reference);
    expect(mail!.text).toContain(`/party/${paid.partyId}#t=`);
    expect(mail!.text).toContain('Balance of £142.00 due by');
    const ics = mail!.attachments.find((a) => a.filename.endsWith('.ics'))!;
    const event = Buffer.from(ics.content, 'base64').toString();
    expect(event).toContain('DTSTART:20260620T110000Z'); // 12:00 BST
    expect(event).toContain(`UID:party-${paid.partyId}@playtimebarn.co.uk`);

    // The same report again (a repeated webhook, the sweep) changes nothing.
    const [payment] = await paymentsOf(paid.partyId);
    const again = await reportPayment(t.ctx, payment!.providerPaymentId!, 'succeeded', t.clock);
    expect(again.outcome).toBe('unchanged');
    expect((await partyRow(paid.partyId)).paidPence).toBe(5000);
    expect(await mailsTo(t.ctx.db, 'party1@example.com')).toHaveLength(1);

    expect(await view(paid.partyId, paid.manageToken)).toMatchObject({
      status: 'confirmed',
      totalPence: 19200,
      paidPence: 5000,
      balancePence: 14200,
      balanceDueDate: '2026-06-13',
      changeUntil: '2026-06-13',
      roomName: 'Party Room 1',
      slotLabel: '12:00 PM - 2:30 PM',
      // What a change of numbers needs: the package by id, and the food already chosen for each child.
      packageId: 'silver',
      foodChoices: partyForm(1).foodChoices,
      invitations: { sent: 0, coming: 0, notComing: 0 },
    });
  });

  it('takes the balance: what is left, once; then nothing is due', async () => {
    const party = await book(partyForm(2, { date: '2026-06-21' }));
    await payWith(t.app, party.clientSecret);
    const res = await request(t.app, 'POST', `/api/parties/${party.partyId}/balance`, { token: party.manageToken });
    expect(res.statusCode, res.body).toBe(200);
    const balance = partyPaymentResponseSchema.parse(res.json());
    expect(balance.amountPence).toBe(14200);
    // Asked twice before paying: the same payment.
    const twice = await request(t.app, 'POST', `/api/parties/${party.partyId}/balance`, { token: party.manageToken });
    expect(twice.json().clientSecret).toBe(balance.clientSecret);
    expect((await payWith(t.app, balance.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect(await partyRow(party.partyId)).toMatchObject({ status: 'confirmed', paidPence: 19200 });
    const mails = await mailsTo(t.ctx.db, 'party2@example.com');
    expect(mails.map((m) => m.template)).toEqual(['party-confirmation', 'party-payment-receipt']);
    expect(mails[1]!.text).toContain('The party is paid in full.');
    const none = await request(t.app, 'POST', `/api/parties/${party.partyId}/balance`, { token: party.manageToken });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('party_nothing_due');
    expect((await paymentsOf(party.partyId)).map((p) => [p.purpose, p.status])).toEqual(
      expect.arrayContaining([
        ['party_deposit', 'succeeded'],
        ['party_balance', 'succeeded'],
      ]),
    );
  });

  it('answers the deposit through /balance for a party still held (a phone booking), and refuses an expired one', async () => {
    const party = await book(partyForm(3, { date: '2026-06-22' }));
    const res = await request(t.app, 'POST', `/api/parties/${party.partyId}/balance`, { token: party.manageToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amountPence: 5000, clientSecret: party.clientSecret });
    t.clock = new Date(START.getTime() + 20 * 60_000);
    const late = await request(t.app, 'POST', `/api/parties/${party.partyId}/balance`, { token: party.manageToken });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('party_not_payable');
  });

  it('refunds a deposit paid after the hold ran out and the barn went to another family', async () => {
    const hire = { date: '2026-06-23', slotId: 'evening', packageId: 'private-hire', children: 20, foodChoices: [] };
    const first = await book(partyForm(4, hire));
    t.clock = new Date(START.getTime() + 20 * 60_000);
    await runSweep({ ...paymentDeps(t.ctx), now: t.clock });
    expect((await partyRow(first.partyId)).status).toBe('expired');
    await book(partyForm(5, hire));

    const answer = (await payWith(t.app, first.clientSecret)).json();
    expect(answer.status).toBe('failed');
    expect(answer.message).toMatch(/refunded in full/);
    expect((await partyRow(first.partyId)).status).toBe('expired');
    expect(await paymentsOf(first.partyId)).toMatchObject([
      { status: 'refunded', refundStatus: 'succeeded', refundReason: 'late_payment', refundPence: 5000 },
    ]);
    expect((await mailsTo(t.ctx.db, 'party4@example.com')).map((m) => m.template)).toEqual(['party-refund']);
  });

  it('refunds a deposit that arrives after staff cancelled the held party, saying it was cancelled', async () => {
    const party = await book(partyForm(21, { date: '2026-06-25' }));
    await t.ctx.db
      .update(partyBookings)
      .set({ status: 'cancelled', cancelledAt: START, depositOutcome: 'none' })
      .where(eq(partyBookings.id, party.partyId));
    expect((await payWith(t.app, party.clientSecret)).json().status).toBe('failed');
    expect(await paymentsOf(party.partyId)).toMatchObject([
      { status: 'refunded', refundStatus: 'succeeded', refundReason: 'cancelled', refundPence: 5000 },
    ]);
    const [mail] = await mailsTo(t.ctx.db, 'party21@example.com');
    expect(mail!.template).toBe('party-refund');
    expect(mail!.text).toContain('was cancelled');
    expect(mail!.text).not.toContain('time to pay');
  });

  it('takes a deposit refunded at the provider off what the party has paid, once', async () => {
    const party = await book(partyForm(22, { date: '2026-06-25', slotId: 'afternoon-long' }));
    await payWith(t.app, party.clientSecret);
    expect(await partyRow(party.partyId)).toMatchObject({ status: 'confirmed', paidPence: 5000 });
    const [payment] = await paymentsOf(party.partyId);
    await reportPayment(t.ctx, payment!.providerPaymentId!, 'refunded', t.clock);
    await reportPayment(t.ctx, payment!.providerPaymentId!, 'refunded', t.clock);
    expect(await partyRow(party.partyId)).toMatchObject({ status: 'confirmed', paidPence: 0 });
    expect(await paymentsOf(party.partyId)).toMatchObject([
      { status: 'refunded', refundStatus: 'succeeded', refundReason: 'provider_refund', refundPence: 5000 },
    ]);
    // No cancellation told the family of it: the refund mail does, once, and does not call the party cancelled.
    const refunds = (await mailsTo(t.ctx.db, 'party22@example.com')).filter((m) => m.template === 'party-refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.text).toContain('We have refunded £50.00 to your card.');
    expect(refunds[0]!.text).not.toContain('cancelled');
  });

  it('confirms a late deposit when a room is still free', async () => {
    const party = await book(partyForm(6, { date: '2026-06-24' }));
    t.clock = new Date(START.getTime() + 20 * 60_000);
    await runSweep({ ...paymentDeps(t.ctx), now: t.clock });
    expect((await payWith(t.app, party.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect(await partyRow(party.partyId)).toMatchObject({ status: 'confirmed', paidPence: 5000 });
  });

  it('confirms through the sweep when the deposit’s report never arrived (a lost webhook)', async () => {
    const party = await book(partyForm(20, { date: '2026-06-24', slotId: 'afternoon-long' }));
    const [payment] = await paymentsOf(party.partyId);
    await t.ctx.db
      .update(testProviderPayments)
      .set({ status: 'succeeded' })
      .where(eq(testProviderPayments.id, payment!.providerPaymentId!));
    t.clock = new Date(START.getTime() + 2 * 60_000);
    await runSweep({ ...paymentDeps(t.ctx), now: t.clock });
    expect(await partyRow(party.partyId)).toMatchObject({ status: 'confirmed', paidPence: 5000 });
    expect((await mailsTo(t.ctx.db, 'party20@example.com')).map((m) => m.template)).toEqual(['party-confirmation']);
  });

  it('says "just taken" with 409 and makes no payment when the last room has gone', async () => {
    const hire = { date: '2026-06-25', slotId: 'evening', packageId: 'private-hire', children: 20, foodChoices: [] };
    await book(partyForm(7, hire));
    const before = await t.ctx.db.$count(payments);
    const res = await postJson(t.app, '/api/parties', partyForm(8, hire));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'party_slot_taken',
      message: expect.stringContaining('just taken'),
    });
    expect(await t.ctx.db.$count(payments)).toBe(before);
    const rows = await t.ctx.db.select().from(partyBookings).where(eq(partyBookings.parentEmail, 'party8@example.com'));
    expect(rows).toEqual([]);
  });

  it('shows a party only to its own family: the manage token or the family session, else 404', async () => {
    const party = await book(partyForm(9, { date: '2026-06-26' }));
    const other = await book(partyForm(10, { date: '2026-06-26', slotId: 'morning-long' }));
    const url = `/api/parties/${party.partyId}`;
    const notFound = async (res: Awaited<ReturnType<typeof request>>) => {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('party_not_found');
      expect(res.body).not.toContain('Maisie');
    };
    await notFound(await request(t.app, 'GET', url));
    await notFound(await request(t.app, 'GET', url, { token: other.manageToken }));
    await notFound(await request(t.app, 'GET', url, { token: `${party.manageToken.slice(0, -2)}xx` }));
    const strangerCookie = await familyCookieFor(t.ctx.db, 'party10@example.com', t.clock);
    await notFound(await request(t.app, 'GET', url, { cookie: strangerCookie }));
    await notFound(await request(t.app, 'POST', `${url}/balance`, { token: other.manageToken }));
    await notFound(await request(t.app, 'PATCH', `${url}/children`, { cookie: strangerCookie, body: { children: 5 } }));
    await notFound(
      await request(t.app, 'GET', '/api/parties/00000000-0000-4000-8000-000000000000', { token: party.manageToken }),
    );
    expect((await request(t.app, 'GET', '/api/parties/not-a-uuid', { token: party.manageToken })).statusCode).toBe(400);
    // A header that is no token at all (sent twice, too long, too short, control characters) is a wrong token.
    const withHeader = (token: string | string[], cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'x-party-token': token, ...(cookie ? { cookie } : {}) } });
    for (const malformed of [
      [party.manageToken, party.manageToken],
      party.manageToken + 'x'.repeat(100),
      'short',
      `${party.manageToken.slice(0, -1)}\u0001`,
    ])
      await notFound(await withHeader(malformed));

    const ownCookie = await familyCookieFor(t.ctx.db, 'Party9@Example.com', t.clock);
    const own = await request(t.app, 'GET', url, { cookie: ownCookie });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.json()).toMatchObject({ id: party.partyId, childFirstName: 'Maisie' });
    // The family's own session still works beside a malformed header, as beside a wrong token.
    const ownBeside = await withHeader([party.manageToken, party.manageToken], ownCookie);
    expect(ownBeside.statusCode, ownBeside.body).toBe(200);
  });

  it('refuses bad input with 400 and field messages, never a 500', async () => {
    const bad = async (body: unknown, field: string) => {
      const res = await postJson(t.app, '/api/parties', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), res.body).toContain(field);
    };
    await bad({ ...partyForm(11), children: 11 }, 'foodChoices'); // 12 choices for 11 children
    await bad(partyForm(11, { children: 2, foodChoices: ['cheese-pizza', 'cheese-pizza'] }), 'children');
    await bad(partyForm(11, { foodChoices: Array(12).fill('caviar') }), 'foodChoices');
    await bad(partyForm(11, { packageId: 'bronze' }), 'foodChoices'); // Bronze has no food
    await bad(partyForm(11, { packageId: 'platinum' }), 'packageId');
    await bad(partyForm(11, { slotId: 'evening' }), 'slotId');
    await bad(partyForm(11, { date: '2026-05-20' }), 'date');
    await bad(partyForm(11, { parentEmail: 'nope' }), 'parentEmail');
    await bad(partyForm(11, { agreeToTerms: false }), 'agreeToTerms');
    await bad(partyForm(11, { voucherCode: 'hello' }), 'voucherCode');
    await bad({ ...partyForm(11), childAge: undefined }, 'childAge');
    const junk = await postJson(t.app, '/api/parties', '{"date":');
    expect(junk.statusCode).toBe(400);
    const quote = await postJson(t.app, '/api/parties/quote', { date: 'tomorrow', children: -1 });
    expect(quote.statusCode).toBe(400);
    expect(
      await t.ctx.db.select().from(partyBookings).where(eq(partyBookings.parentEmail, 'party11@example.com')),
    ).toEqual([]);
  });

  it('takes 20% off with the VIP Party Discount, used once the deposit is paid; refuses other vouchers', async () => {
    const memberId = await seedMember(t.ctx.db, 'vip@example.com', 0, 'Vip Parent');
    await seedVoucher(t.ctx.db, memberId, 'vip-party', 'PTB-PRTY-VIP1');
    await seedVoucher(t.ctx.db, memberId, 'ten-percent-off', 'PTB-TENP-ERC1');
    const choice = { date: '2026-06-27', slotId: 'midday', packageId: 'silver', children: 12 };
    const quote = (await postJson(t.app, '/api/parties/quote', { ...choice, voucherCode: 'ptb prty vip1' })).json();
    expect(quote).toMatchObject({ totalPence: 15360, depositPence: 5000, balancePence: 10360 });
    expect(quote.lines[1]).toEqual({
      kind: 'discount',
      label: 'VIP Party Discount (20% off)',
      quantity: 1,
      unitPence: -3840,
      amountPence: -3840,
    });
    const other = await postJson(t.app, '/api/parties', { ...partyForm(12, choice), voucherCode: 'PTB-TENP-ERC1' });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatchObject({
      code: 'voucher_not_for_party',
      fields: { voucherCode: expect.any(Array) },
    });

    const party = await book({
      ...partyForm(12, choice),
      parentEmail: 'vip@example.com',
      voucherCode: 'PTB-PRTY-VIP1',
    });
    expect((await partyRow(party.partyId)).totalPence).toBe(15360);
    const voucher = async () =>
      (await t.ctx.db.select().from(loyaltyVouchers).where(eq(loyaltyVouchers.code, 'PTB-PRTY-VIP1')))[0]!;
    expect(await voucher()).toMatchObject({ status: 'held', usedBy: `online party ${party.reference}` });
    // Held for this party: another party cannot take it meanwhile.
    const second = await postJson(t.app, '/api/parties', {
      ...partyForm(13, { ...choice, slotId: 'morning-long' }),
      voucherCode: 'PTB-PRTY-VIP1',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('voucher_held');
    await payWith(t.app, party.clientSecret);
    expect(await voucher()).toMatchObject({ status: 'used', usedBy: `online party ${party.reference}` });
    const used = await postJson(t.app, '/api/parties/quote', { ...choice, voucherCode: 'PTB-PRTY-VIP1' });
    expect(used.json().error.code).toBe('voucher_used');
  });

  it('gives a voucher held by a hold that ran out to the next party', async () => {
    const memberId = await seedMember(t.ctx.db, 'vip2@example.com', 0);
    await seedVoucher(t.ctx.db, memberId, 'vip-party', 'PTB-PRTY-VIP2');
    const choice = {
      date: '2026-06-28',
      slotId: 'midday',
      packageId: 'silver',
      children: 12,
      voucherCode: 'PTB-PRTY-VIP2',
    };
    const first = await book(partyForm(14, choice));
    t.clock = new Date(START.getTime() + 20 * 60_000);
    const next = await book(partyForm(15, { ...choice, slotId: 'afternoon-long' }));
    expect((await partyRow(next.partyId)).totalPence).toBe(15360);
    const [v] = await t.ctx.db.select().from(loyaltyVouchers).where(eq(loyaltyVouchers.code, 'PTB-PRTY-VIP2'));
    expect(v).toMatchObject({ status: 'held', usedBy: `online party ${next.reference}` });
    // The first party's deposit arrives late: its room is still free, but its discount went to the next
    // party, so it is refunded rather than confirmed at 20% off (one voucher, one party).
    expect((await payWith(t.app, first.clientSecret)).json().status).toBe('failed');
    expect((await partyRow(first.partyId)).status).not.toBe('confirmed');
    expect(await paymentsOf(first.partyId)).toMatchObject([{ status: 'refunded', refundReason: 'late_payment' }]);
    await payWith(t.app, next.clientSecret);
    const [spent] = await t.ctx.db.select().from(loyaltyVouchers).where(eq(loyaltyVouchers.code, 'PTB-PRTY-VIP2'));
    expect(spent).toMatchObject({ status: 'used', usedBy: `online party ${next.reference}` });
  });

  it('earns a member points for what is paid, and Party Host once', async () => {
    await seedMember(t.ctx.db, 'host@example.com', 0, 'Host Parent');
    const first = await book({ ...partyForm(16, { date: '2026-06-29' }), parentEmail: 'Host@Example.com' });
    await payWith(t.app, first.clientSecret);
    expect(await ledgerOf(t.ctx.db, 'host@example.com')).toEqual(['earn:50', 'achievement:150']);
    const balance = (
      await request(t.app, 'POST', `/api/parties/${first.partyId}/balance`, { token: first.manageToken })
    ).json();
    await payWith(t.app, balance.clientSecret);
    const second = await book({ ...partyForm(16, { date: '2026-06-30' }), parentEmail: 'host@example.com' });
    await payWith(t.app, second.clientSecret);
    // Silver tier after 200 points: its 5% bonus is for weekends only (30 June 2026 is a Tuesday).
    expect(await ledgerOf(t.ctx.db, 'host@example.com')).toEqual(['earn:50', 'achievement:150', 'earn:142', 'earn:50']);
    // Not a member: nothing is written.
    const guest = await book(partyForm(17, { date: '2026-06-29', slotId: 'morning-long' }));
    await payWith(t.app, guest.clientSecret);
    expect(await ledgerOf(t.ctx.db, 'party17@example.com')).toEqual([]);
  });

  it('changes the numbers until 7 days before, repriced by the server, never below what is paid', async () => {
    const party = await book(partyForm(18, { date: '2026-06-19' }));
    await payWith(t.app, party.clientSecret);
    const url = `/api/parties/${party.partyId}/children`;
    const cookie = await familyCookieFor(t.ctx.db, 'party18@example.com', t.clock);
    const food = (n: number) => Array(n).fill('hot-dog');
    const noFood = await request(t.app, 'PATCH', url, { cookie, body: { children: 14 } });
    expect(noFood.statusCode).toBe(400);
    expect(noFood.json().error.fields.foodChoices).toBeDefined();
    const changed = await request(t.app, 'PATCH', url, { cookie, body: { children: 14, foodChoices: food(14) } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(familyPartyViewSchema.parse(changed.json())).toMatchObject({
      children: 14,
      totalPence: 22400,
      balancePence: 17400,
    });
    expect((await partyRow(party.partyId)).foodChoices).toEqual(food(14));

    const balance = (await request(t.app, 'POST', `/api/parties/${party.partyId}/balance`, { cookie })).json();
    expect(balance.amountPence).toBe(17400);
    await payWith(t.app, balance.clientSecret);
    const fewer = await request(t.app, 'PATCH', url, {
      token: party.manageToken,
      body: { children: 10, foodChoices: food(10) },
    });
    expect(fewer.statusCode).toBe(409);
    expect(fewer.json().error).toMatchObject({ code: 'party_below_paid', message: expect.stringContaining('£224.00') });
    t.clock = new Date('2026-06-12T08:00:00Z'); // 7 days before: the last day numbers can change
    const more = await request(t.app, 'PATCH', url, {
      token: party.manageToken,
      body: { children: 15, foodChoices: food(15) },
    });
    expect(more.statusCode, more.body).toBe(200);
    t.clock = new Date('2026-06-13T08:00:00Z');
    const late = await request(t.app, 'PATCH', url, {
      token: party.manageToken,
      body: { children: 16, foodChoices: food(16) },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('party_change_too_late');
  });

  it('gives the room back and answers 502 when the provider cannot start the deposit', async () => {
    const failing: PaymentProvider = {
      ...t.ctx.payments,
      createPayment: () => Promise.reject(new PaymentProviderError('provider down')),
    };
    const down = await openTestApp(kind, { now: () => t.clock, payments: failing });
    try {
      const res = await postJson(down.app, '/api/parties', partyForm(19));
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('payment_unavailable');
      const [row] = await down.ctx.db
        .select()
        .from(partyBookings)
        .where(eq(partyBookings.parentEmail, 'party19@example.com'));
      expect(row!.status).toBe('expired');
      expect(
        await down.ctx.db
          .select()
          .from(payments)
          .where(and(eq(payments.partyBookingId, row!.id), eq(payments.status, 'canceled'))),
      ).toHaveLength(1);
      // The room is free again at once.
      const again = await postJson(down.app, '/api/parties/quote', {
        date: '2026-06-20',
        slotId: 'midday',
        packageId: 'silver',
        children: 12,
      });
      expect(again.statusCode).toBe(200);
      const free = (await down.app.inject({ method: 'GET', url: '/api/parties/availability?month=2026-06' })).json();
      expect(free.days.find((d: { date: string }) => d.date === '2026-06-20').slots[1].roomsFree).toBe(2);
    } finally {
      await down.close();
    }
  });
});
