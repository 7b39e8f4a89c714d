import { randomUUID } from 'node:crypto';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { JoinMembershipResponse } from '../../shared/contracts/memberships';
import { vatInGross } from '../../shared/vat';
import type { Sale } from '../../shared/contracts/till';
import { payWith } from '../bookings/testing/booking-fixtures';
import { requestAs } from '../catalogue/testing/admin-fixtures';
import { vatLines } from '../db/schema';
import { buyVoucher } from '../gift-vouchers/testing/gift-voucher-fixtures';
import { familyWithChildren, payByTestCard } from '../memberships/testing/membership-fixtures';
import { bookOnline, onlinePartyForm, payDue } from '../parties/testing/party-payment-fixtures';
import { useClockedTestApp } from '../testing/clocked-test-app';
import { signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { cashSale, openTill } from '../till/testing/till-fixtures';
import { orderInput, payWithTestCard, placeOrder, saveTables } from '../cafe-orders/testing/cafe-fixtures';
import { createEventAs, grotto, kids } from '../events/testing/event-fixtures';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { postJson } from '../bookings/testing/booking-fixtures';

// Monday 1 June 2026, 09:00 in London.
const NOW = new Date('2026-06-01T08:00:00Z');

/** The sellers the seeded week does not reach through their routes: an annual pass and a party, paid online. */
describe.each(testDbKinds)('each seller writes its VAT at its tax point (%s)', (kind) => {
  const t = useClockedTestApp(kind, NOW);

  it('an annual pass is spread over its twelve months; a party deposit waits for the party’s day', async () => {
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, 'annual@example.com', ['Ada'], NOW);
    const joined = await family('POST', '/api/memberships', { planId: 'annual-family-pass', childIds });
    expect(joined.statusCode, joined.body).toBe(201);
    const { clientSecret } = joined.json() as JoinMembershipResponse;
    expect((await payByTestCard(t.app, clientSecret)).json()).toEqual({ status: 'succeeded' });

    const voucher = await buyVoucher(t.app, t.ctx.db, { amountPence: 3000, sendOn: '2026-06-01' });
    const party = await bookOnline(t.app, onlinePartyForm(1, { date: '2026-06-22' }));
    const due = await payDue(t.app, party.partyId, { token: party.manageToken, voucherCode: voucher.code });
    expect(due.statusCode, due.body).toBe(200);
    const { clientSecret: partySecret } = due.json() as { clientSecret: string };
    expect((await payWith(t.app, partySecret)).json().status).toBe('succeeded');

    const lines = await t.ctx.db.select().from(vatLines).orderBy(asc(vatLines.kind), asc(vatLines.settlement));
    const view = lines.map((l) => ({
      kind: l.kind,
      settlement: l.settlement,
      gross: l.grossPence,
      vat: l.vatPence,
      from: l.serviceFrom,
      to: l.serviceTo,
    }));
    const pass = lines.find((l) => l.kind === 'memberships')!;
    expect(view).toEqual([
      { kind: 'gift_voucher', settlement: 'card', gross: 3000, vat: 0, from: null, to: null },
      {
        kind: 'memberships',
        settlement: 'card',
        gross: pass.grossPence,
        vat: vatInGross(pass.grossPence, 2000),
        from: '2026-06-01',
        to: '2027-05-31',
      },
      // The £50 deposit: £20 by card and £30 by the voucher (taxed now, as a party).
      { kind: 'parties', settlement: 'card', gross: 2000, vat: 333, from: '2026-06-22', to: '2026-06-22' },
      { kind: 'parties', settlement: 'voucher', gross: 3000, vat: 500, from: '2026-06-22', to: '2026-06-22' },
    ]);
    expect(lines.every((l) => l.day === '2026-06-01')).toBe(true);
  });

  it('a till sale paid by card on the reader, and refunded to the card, at the till’s own VAT', async () => {
    const admin = requestAs(t.app, (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie);
    const session = await openTill(admin, 'Card counter', 0);
    const made = await admin('POST', '/api/till/sales', {
      ...cashSale(session, [{ kind: 'shop', itemId: 'grip-socks', quantity: 2 }]),
      payment: { method: 'card', readerId: 'simulated' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const sale = made.json() as Sale;
    const before = await t.ctx.db.select().from(vatLines).where(eq(vatLines.tillSaleId, sale.id));
    expect(before).toEqual([]); // nothing is taken until the card is
    const paid = await admin('POST', '/api/till/simulated-reader/present', {
      saleId: sale.id,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.json()).toEqual({ status: 'paid', message: null });
    const refund = await admin('POST', `/api/till/sales/${sale.id}/refund`, {
      requestId: randomUUID(),
      lines: [{ lineId: sale.lines[0]!.id, quantity: 1 }],
      method: 'card',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const lines = await t.ctx.db
      .select({
        event: vatLines.event,
        settlement: vatLines.settlement,
        gross: vatLines.grossPence,
        vat: vatLines.vatPence,
      })
      .from(vatLines)
      .where(eq(vatLines.tillSaleId, sale.id))
      .orderBy(desc(vatLines.grossPence)); // one clock time: the sale first by its amount
    expect(lines).toEqual([
      { event: 'sale', settlement: 'card', gross: 300, vat: 50 },
      { event: 'refund', settlement: 'card', gross: -150, vat: -25 },
    ]);
  });

  it('a special event is admission on its slot’s day; a table order is a cafe sale eaten in, at 20%', async () => {
    const admin = requestAs(t.app, (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie);
    const e = await createEventAs(admin, grotto(new Date('2026-05-01T09:00:00Z'), { usesQueue: false }));
    const cookie = await familyCookieFor(t.ctx.db, 'grotto@example.com', NOW);
    const held = await postJson(
      t.app,
      `/api/events/${e.id}/hold`,
      { slotId: e.slots[0]!.id, children: kids(2) },
      cookie,
    );
    expect(held.statusCode, held.body).toBe(201);
    expect((await payWith(t.app, (held.json() as { clientSecret: string }).clientSecret)).json().status).toBe(
      'succeeded',
    );

    t.clock = new Date('2026-06-01T10:30:00Z'); // the cafe is open
    const [table] = await saveTables(admin, [{ number: 12, name: 'Table 12' }]);
    const order = await placeOrder(t.app, orderInput(table!.token));
    await payWithTestCard(t.app, order.clientSecret);

    const lines = await t.ctx.db
      .select({
        kind: vatLines.kind,
        gross: vatLines.grossPence,
        vat: vatLines.vatPence,
        from: vatLines.serviceFrom,
        description: vatLines.description,
      })
      .from(vatLines)
      .where(inArray(vatLines.description, ['Special event', 'Table order']))
      .orderBy(asc(vatLines.kind));
    expect(lines).toEqual([
      { kind: 'admission', gross: 2400, vat: vatInGross(2400, 2000), from: '2026-12-12', description: 'Special event' },
      {
        kind: 'cafe',
        gross: order.finalAmount,
        vat: vatInGross(order.finalAmount, 2000),
        from: null,
        description: 'Table order',
      },
    ]);
  });
});
