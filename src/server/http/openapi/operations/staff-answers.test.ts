import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AdminCatalogue } from '../../../../shared/catalogue';
import type { Sale, TillCatalogue } from '../../../../shared/contracts/till';
import { jpegWithExif, multipartBody } from '../../../catalogue/testing/admin-fixtures';
import { insertInquiry, insertPartyInquiry, partyDetails } from '../../../inquiries/testing/inquiry-fixtures';
import { buyVoucher } from '../../../gift-vouchers/testing/gift-voucher-fixtures';
import { eventBookings, waitingListEntries } from '../../../db/schema';
import { familyWithChildren, payByTestCard } from '../../../memberships/testing/membership-fixtures';
import { seedMember, seedVoucher } from '../../../loyalty/testing/loyalty-fixtures';
import { book, insertCheckIn } from '../../../testing/dashboard-fixtures';
import { openStripeTestApp } from '../../../payments/testing/fake-stripe/stripe-test-kit';
import { signInAs } from '../../../testing/staff-fixtures';
import { cashSale } from '../../../till/testing/till-fixtures';
import { orderInput, payWithTestCard, placeOrder } from '../../../cafe-orders/testing/cafe-fixtures';
import { openTestApp } from '../../../testing/test-app';
import { buildOpenApiDocument, openApiPath, type OpenApiDocument } from '../document';
import type { ApiOperation } from '../operation';
import { publishedOperations } from '../routes';
import { staffOperations } from './staff-index';
import { staffPartyOperations } from './staff-parties';

// Monday 20 October 2025, 10:00 in London.
const NOW = new Date('2025-10-20T09:00:00Z');
const TODAY = '2025-10-20';
const allStaffOperations = [...staffOperations, ...staffPartyOperations];
const key = (op: Pick<ApiOperation, 'method' | 'path'>) => `${op.method.toUpperCase()} ${op.path}`;

/**
 * Every staff operation's real answers against the document, as the contract fuzzer checks them from
 * outside: a documented status, a success body that parses with its schema and holds no field the schema
 * leaves out (stricter than the document, which allows more), an error code listed for that status.
 */
describe('staff answers match what the document says', () => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let doc: OpenApiDocument;
  let cookies: { admin: string; staff: string; kiosk: string };
  const succeeded = new Set<string>();
  beforeAll(async () => {
    t = await openTestApp('pglite', { now: () => NOW });
    doc = buildOpenApiDocument(publishedOperations(t.ctx), { version: '0.0.0-test' });
    cookies = {
      admin: (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie,
      staff: (await signInAs(t.app, t.ctx, { role: 'staff' })).cookie,
      kiosk: (await signInAs(t.app, t.ctx, { kiosk: true })).cookie,
    };
  });
  afterAll(() => t?.close());

  function conforms(op: ApiOperation, res: LightMyRequestResponse) {
    const where = `${key(op)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
    const documented = doc.paths[openApiPath(op.path)]![op.method]!.responses[String(res.statusCode)];
    expect(documented, `undocumented status: ${where}`).toBeDefined();
    const success = op.responses[res.statusCode as keyof ApiOperation['responses']];
    if (success instanceof z.ZodType) {
      const body: unknown = res.json();
      const parsed = success.safeParse(body);
      expect(parsed.success, `${where}\n${parsed.error?.message}`).toBe(true);
      // zod drops the fields a schema does not list: none may be dropped.
      expect(parsed.data, `fields the schema does not list: ${where}`).toEqual(body);
    } else if (success) {
      expect(res.headers['content-type'], where).toBe(success.contentType);
    } else {
      const code = (res.json() as { error: { code: string } }).error.code;
      expect(JSON.stringify(documented!.content), `code ${code} not listed: ${where}`).toContain(`"${code}"`);
    }
    if (res.statusCode < 300) succeeded.add(key(op));
  }

  const opAt = (method: ApiOperation['method'], path: string): ApiOperation => {
    const op = allStaffOperations.find((o) => o.method === method && o.path === path);
    if (!op) throw new Error(`no staff operation ${method} ${path}`);
    return op;
  };

  /** Calls an operation (placeholder path values unless `url` is given) and checks the answer. */
  async function call(
    method: ApiOperation['method'],
    path: string,
    opts: {
      url?: string;
      body?: unknown;
      cookie?: string;
      multipart?: { payload: Buffer; contentType: string };
      /** Another app than the suite's (the till's readers need Stripe's Terminal). */
      app?: typeof t.app;
    } = {},
  ) {
    const op = opAt(method, path);
    const json = opts.body !== undefined;
    const res = await (opts.app ?? t.app).inject({
      method: method.toUpperCase() as 'GET',
      url: opts.url ?? path.replace(/:[A-Za-z]+/g, 'x'),
      headers: {
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...(opts.multipart ? { 'content-type': opts.multipart.contentType } : {}),
        ...(opts.cookie === undefined ? { cookie: cookies.admin } : opts.cookie ? { cookie: opts.cookie } : {}),
      },
      payload: opts.multipart ? opts.multipart.payload : json ? JSON.stringify(opts.body) : undefined,
    });
    conforms(op, res);
    return res;
  }
  const ok = async (...args: Parameters<typeof call>) => {
    const res = await call(...args);
    expect(res.statusCode, `${args[0]} ${args[2]?.url ?? args[1]}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    return res;
  };

  it('answers bare requests signed out, as a kiosk, as staff and as an admin as documented', async () => {
    // Signing out and kiosk mode would end the sessions the later calls use: they are called on their own below.
    const bare = allStaffOperations.filter(
      (op) => !['/api/staff/sign-out', '/api/staff/kiosk-mode', '/api/staff/kitchen-mode'].includes(op.path),
    );
    for (const op of bare)
      for (const cookie of ['', cookies.kiosk, cookies.staff, cookies.admin])
        await call(op.method, op.path, { cookie, body: op.body ? {} : undefined });
  });

  it('answers the booking manager, the day, vouchers and enquiries as documented', async () => {
    const today = await book(t.app, {
      customerName: 'Sam Carter',
      customerEmail: 'sam@example.com',
      selectedDate: TODAY,
      selectedTime: 'afternoon',
    });
    const later = await book(t.app, { customerName: 'Sam Carter', customerEmail: 'sam@example.com' });
    await insertCheckIn(t.ctx.db, { bookingId: today.bookingId, visitDate: TODAY, checkedInAt: NOW });
    await ok('get', '/api/admin/todays-bookings');
    const active = await ok('get', '/api/admin/active-sessions');
    expect(active.json().activeSessions).toHaveLength(1);
    expect(
      (await ok('get', '/api/admin/bookings', { url: '/api/admin/bookings?q=carter' })).json().bookings,
    ).toHaveLength(2);
    await ok('get', '/api/admin/bookings/:id', { url: `/api/admin/bookings/${today.bookingId}` });
    const id = later.bookingId;
    await ok('post', '/api/admin/bookings/:id/resend-confirmation', {
      url: `/api/admin/bookings/${id}/resend-confirmation`,
    });
    await ok('post', '/api/admin/bookings/:id/move', {
      url: `/api/admin/bookings/${id}/move`,
      body: { visitDate: '2025-10-23', sessionId: 'midday', reason: 'Asked by phone' },
    });
    await ok('post', '/api/admin/bookings/:id/cancel', {
      url: `/api/admin/bookings/${id}/cancel`,
      body: { reason: 'Family unwell', refund: 'partial', refundPence: 500 },
    });
    // Searched and opened again with a refund and a cancellation on it.
    await ok('get', '/api/admin/bookings/:id', { url: `/api/admin/bookings/${id}` });
    expect(
      (await ok('post', '/api/admin/search-payments', { body: { searchTerm: 'carter' } })).json().payments,
    ).toHaveLength(2);

    await seedVoucher(t.ctx.db, await seedMember(t.ctx.db, 'till@example.com', 0), 'free-hot-drink', 'PTB-DRNK-2345');
    await ok('get', '/api/admin/vouchers/:code', { url: '/api/admin/vouchers/PTB-DRNK-2345', cookie: cookies.staff });
    await ok('post', '/api/admin/vouchers/:code/use', { url: '/api/admin/vouchers/PTB-DRNK-2345/use' });

    const contact = await insertInquiry(t.ctx.db);
    const party = await insertPartyInquiry(t.ctx.db, partyDetails({ partyDate: '2025-11-08' }));
    expect((await ok('get', '/api/admin/inquiries')).json().inquiries).toHaveLength(1);
    expect((await ok('get', '/api/admin/birthday-inquiries')).json().inquiries).toHaveLength(1);
    await ok('post', '/api/admin/inquiries/:id/mark-responded', {
      url: `/api/admin/inquiries/${contact}/mark-responded`,
    });
    await ok('post', '/api/admin/inquiries/:id/draft-response', {
      url: `/api/admin/inquiries/${party}/draft-response`,
    });
    await ok('post', '/api/admin/inquiries/:id/draft-response', {
      url: `/api/admin/inquiries/${contact}/draft-response`,
    });
    await ok('post', '/api/admin/inquiries/:id/mark-party-booked', {
      url: `/api/admin/inquiries/${party}/mark-party-booked`,
    });
  });

  it('answers the calendar, the Overview, the outbox, exports and data requests as documented', async () => {
    const block = await ok('post', '/api/admin/session-restrictions', {
      body: { date: '2025-10-24', timeSlot: 'morning', reason: 'Staff training' },
    });
    expect((await ok('get', '/api/admin/session-restrictions')).json().restrictions).toHaveLength(1);
    const blockId = (block.json() as { restriction: { id: string } }).restriction.id;
    await ok('delete', '/api/admin/session-restrictions/:id', { url: `/api/admin/session-restrictions/${blockId}` });
    await ok('get', '/api/admin/calendar/capacity', { url: '/api/admin/calendar/capacity?date=2025-10-24' });
    await ok('post', '/api/admin/calendar/capacity', {
      body: { date: '2025-10-24', sessionId: 'midday', capacity: 40 },
    });

    await ok('get', '/api/admin/dashboard-stats');
    await ok('get', '/api/admin/dashboard-stats', { cookie: cookies.staff });
    await ok('get', '/api/admin/overview/charts');
    await ok('get', '/api/admin/outbox');
    for (const kind of ['bookings', 'payments', 'enquiries'])
      await ok('get', `/api/admin/exports/${kind}.csv`, {
        url: `/api/admin/exports/${kind}.csv?from=2025-10-01&to=${TODAY}`,
      });
    await ok('post', '/api/admin/privacy/export', { body: { email: 'sam@example.com' } });
    await ok('post', '/api/admin/privacy/erase', { body: { email: 'jo@example.com' } });
  });

  it('answers the catalogue editors as documented', async () => {
    const all = (await ok('get', '/api/admin/catalogue')).json() as AdminCatalogue;
    const adult = all.ticketTypes.find((x) => x.id === 'adult')!;
    await ok('post', '/api/admin/catalogue/ticket-types/:id/prices', {
      url: '/api/admin/catalogue/ticket-types/adult/prices',
      body: { fromDate: '2025-11-01', pricePence: 300, version: adult.version },
    });
    await ok('patch', '/api/admin/catalogue/ticket-types/:id', {
      url: '/api/admin/catalogue/ticket-types/adult',
      body: {
        title: 'Grown-up',
        description: '',
        ageRange: '18+',
        sellDays: 'any',
        sessionIds: [],
        active: true,
        version: adult.version + 1,
      },
    });
    const midday = all.sessions.find((s) => s.id === 'midday')!;
    await ok('patch', '/api/admin/catalogue/sessions/:id', {
      url: '/api/admin/catalogue/sessions/midday',
      body: { start: midday.start, end: midday.end, capacity: midday.capacity + 1, version: midday.version },
    });
    const closed = await book(t.app, { customerEmail: 'closed@example.com', selectedDate: '2025-10-27' });
    await ok('post', '/api/admin/catalogue/closures', {
      body: { from: '2025-10-27', to: '2025-10-27', reason: 'Burst pipe' },
    });
    await ok('post', '/api/admin/catalogue/closures/cancel-bookings', {
      body: { bookingIds: [closed.bookingId], reason: 'Burst pipe' },
    });

    const item = {
      section: 'snacks',
      name: 'Sesame flapjack',
      description: 'Oats',
      pricePence: 250,
      allergens: ['sesame'],
      dietary: [],
      available: true,
    };
    const created = await ok('post', '/api/admin/catalogue/menu-items', { body: item });
    const itemId = (created.json() as { id: string }).id;
    const itemUrl = `/api/admin/catalogue/menu-items/${itemId}`;
    await ok('patch', '/api/admin/catalogue/menu-items/:id', {
      url: itemUrl,
      body: { ...item, name: 'Flapjack', version: 1 },
    });
    const photo = multipartBody(
      { version: '2' },
      { field: 'photo', filename: 'f.jpg', contentType: 'image/jpeg', bytes: await jpegWithExif(400, 300) },
    );
    await ok('post', '/api/admin/catalogue/menu-items/:id/photo', { url: `${itemUrl}/photo`, multipart: photo });
    await ok('delete', '/api/admin/catalogue/menu-items/:id', { url: `${itemUrl}?version=3` });

    const post = { title: 'Half term', body: 'Open every day', publishFrom: TODAY };
    const posted = await ok('post', '/api/admin/catalogue/posts', { body: post });
    const postUrl = `/api/admin/catalogue/posts/${(posted.json() as { id: string }).id}`;
    await ok('patch', '/api/admin/catalogue/posts/:id', { url: postUrl, body: { ...post, pinned: true, version: 1 } });
    await ok('delete', '/api/admin/catalogue/posts/:id', { url: postUrl, body: { version: 2 } });

    const now = (await ok('get', '/api/admin/catalogue')).json() as AdminCatalogue;
    await ok('patch', '/api/admin/catalogue/venue', { body: { version: now.venue.version, phone: '01632 960 999' } });
    await ok('patch', '/api/admin/catalogue/parties', { body: { version: now.parties.version, ...now.parties.value } });
    await ok('patch', '/api/admin/catalogue/visit-rules', {
      body: { version: now.visitRules.version, creditBundle: { credits: 10, pricePence: 8000 } },
    });
    await ok('patch', '/api/admin/catalogue/waiting-list', {
      body: { version: now.waitingList.version, offerHours: 3 },
    });
    await ok('patch', '/api/admin/catalogue/party-booking', {
      body: { version: now.partyBooking.version, depositPence: 6000, holdMinutes: 20 },
    });
    await ok('patch', '/api/admin/catalogue/day-types', {
      body: { version: now.dayTypes.version, ...now.dayTypes.value, overrides: [{ date: TODAY, bandId: 'peak' }] },
    });
    await ok('patch', '/api/admin/catalogue/membership-plans', {
      body: { version: now.membershipPlans.version, plans: now.membershipPlans.value.plans },
    });
    await ok('post', '/api/admin/catalogue/holidays', {
      body: { version: now.holidays.version, periods: [{ from: TODAY, to: TODAY, name: 'INSET day' }] },
    });
    await ok('post', '/api/admin/catalogue/bank-holidays', {
      body: {
        version: now.holidays.version + 1,
        file: { 'england-and-wales': { division: 'england-and-wales', events: [{ title: 'A day off', date: TODAY }] } },
      },
    });
  });

  it('answers the gift voucher tab as documented', async () => {
    const voucher = await buyVoucher(t.app, t.ctx.db);
    const url = `/api/admin/gift-vouchers/${voucher.voucherId}`;
    await ok('get', '/api/admin/gift-vouchers', { url: '/api/admin/gift-vouchers?q=', cookie: cookies.staff });
    await ok('get', '/api/admin/gift-vouchers/:id', { url, cookie: cookies.staff });
    await ok('get', '/api/admin/gift-vouchers/liability');
    await ok('get', '/api/admin/gift-vouchers/liability.csv');
    await ok('post', '/api/admin/gift-vouchers/:id/extend', {
      url: `${url}/extend`,
      body: { expiresOn: '2027-12-31', reason: 'Lost in the post' },
    });
    const reissued = await ok('post', '/api/admin/gift-vouchers/:id/reissue', {
      url: `${url}/reissue`,
      body: { reason: 'Code seen by a stranger' },
    });
    const newId = (reissued.json() as { id: string }).id;
    await ok('post', '/api/admin/gift-vouchers/:id/void', {
      url: `/api/admin/gift-vouchers/${newId}/void`,
      body: { reason: 'Bought by mistake' },
    });
  });

  it('answers the Members tab as documented', async () => {
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, 'member@example.com', ['Kit'], NOW);
    const joined = await family('POST', '/api/memberships', { planId: 'annual-family-pass', childIds });
    const { membershipId, clientSecret } = joined.json() as { membershipId: string; clientSecret: string };
    await payByTestCard(t.app, clientSecret);
    const url = `/api/admin/memberships/${membershipId}`;
    await ok('get', '/api/admin/memberships', {
      url: '/api/admin/memberships?q=member&status=active',
      cookie: cookies.staff,
    });
    for (const action of ['pause', 'resume', 'end'])
      await ok('post', `/api/admin/memberships/:id/${action}`, {
        url: `${url}/${action}`,
        body: { reason: 'Asked at the desk' },
      });
  });

  it('answers the waiting list as documented', async () => {
    // A family waiting for one place in a session with room (as after a cancellation, before the pass runs).
    const [entry] = await t.ctx.db
      .insert(waitingListEntries)
      .values({
        email: 'wait@example.com',
        visitDate: '2025-10-24',
        sessionId: 'midday',
        places: 1,
        createdAt: NOW,
        updatedAt: NOW,
      })
      .returning({ id: waitingListEntries.id });
    await ok('get', '/api/admin/waiting-list', {
      url: '/api/admin/waiting-list?date=2025-10-24',
      cookie: cookies.staff,
    });
    await ok('post', '/api/admin/waiting-list/:id/offer', { url: `/api/admin/waiting-list/${entry!.id}/offer` });
  });

  it('answers the Parties tab as documented', async () => {
    const created = await ok('post', '/api/admin/parties', {
      cookie: cookies.staff,
      body: {
        date: '2025-11-15',
        slotId: 'midday',
        packageId: 'bronze',
        children: 10,
        childFirstName: 'Maisie',
        childAge: 6,
        parentName: 'Pat Caller',
        parentEmail: 'pat@example.com',
        parentPhone: '07700 900123',
      },
    });
    const url = `/api/admin/parties/${(created.json() as { id: string }).id}`;
    await ok('get', '/api/admin/parties', { url: '/api/admin/parties?week=2025-11-10', cookie: cookies.staff });
    const sheet = await ok('get', '/api/admin/parties/:id', { url, cookie: cookies.staff });
    const { version } = (sheet.json() as { party: { version: number } }).party;
    await ok('patch', '/api/admin/parties/:id/notes', {
      url: `${url}/notes`,
      body: { staffNotes: 'Cake at 1', version },
    });
    await ok('post', '/api/admin/parties/:id/move', {
      url: `${url}/move`,
      body: { date: '2025-11-15', slotId: 'afternoon' },
    });
    await ok('post', '/api/admin/parties/:id/cancel', { url: `${url}/cancel`, body: { reason: 'Changed plans' } });
  });

  it('answers the till as documented', async () => {
    await ok('put', '/api/admin/catalogue/shop-items', {
      body: { items: [{ name: 'Grip socks', pricePence: 150, vatTreatment: 'standard', available: true }] },
    });
    const catalogue = (await ok('get', '/api/till/catalogue')).json() as TillCatalogue;
    const coffee = catalogue.cafe.find((i) => i.available)!;
    await ok('patch', '/api/admin/catalogue/menu-items/:id/till', {
      url: `/api/admin/catalogue/menu-items/${coffee.id}/till`,
      body: { options: [{ id: 'oat', label: 'Oat milk', pricePence: 30 }] },
    });
    const session = (await ok('post', '/api/till/sessions', { body: { till: 'Counter', floatPence: 5000 } })).json();
    const sessionUrl = `/api/till/sessions/${session.id}`;
    await ok('post', '/api/till/sessions/:id/cash', {
      url: `${sessionUrl}/cash`,
      body: { direction: 'out', amountPence: 500, reason: 'Milk from the shop' },
    });
    const socks = catalogue.shop.length ? catalogue.shop[0]!.id : 'grip-socks';
    const sale = (
      await ok('post', '/api/till/sales', {
        body: cashSale(session.id, [{ kind: 'shop', itemId: socks, quantity: 2 }]),
      })
    ).json() as Sale;
    await ok('get', '/api/till/sales/:id', { url: `/api/till/sales/${sale.id}` });
    await ok('get', '/api/till/sessions/:id/sales', { url: `${sessionUrl}/sales` });
    await ok('post', '/api/till/sales/:id/receipt-email', {
      url: `/api/till/sales/${sale.id}/receipt-email`,
      body: { email: 'receipt@example.com' },
    });
    await ok('post', '/api/till/sales/:id/refund', {
      url: `/api/till/sales/${sale.id}/refund`,
      body: { requestId: randomUUID(), lines: [{ lineId: sale.lines[0]!.id, quantity: 1 }], method: 'cash' },
    });
    const card = { method: 'card', readerId: 'simulated' };
    const line = [{ kind: 'shop' as const, itemId: socks, quantity: 1 }];
    const toPay = (
      await ok('post', '/api/till/sales', { body: { ...cashSale(session.id, line), payment: card } })
    ).json() as Sale;
    await ok('post', '/api/till/simulated-reader/present', {
      body: { saleId: toPay.id, cardNumber: '4242 4242 4242 4242' },
    });
    const toCancel = (
      await ok('post', '/api/till/sales', { body: { ...cashSale(session.id, line), payment: card } })
    ).json() as Sale;
    await ok('post', '/api/till/sales/:id/cancel-card', {
      url: `/api/till/sales/${toCancel.id}/cancel-card`,
      body: {},
    });
    const toVoid = (
      await ok('post', '/api/till/sales', { body: { ...cashSale(session.id, line), payment: card } })
    ).json() as Sale;
    await ok('post', '/api/till/sales/:id/void', { url: `/api/till/sales/${toVoid.id}/void`, body: {} });
    await ok('get', '/api/admin/exports/sales-lines.csv', {
      url: `/api/admin/exports/sales-lines.csv?from=${TODAY}&to=${TODAY}`,
    });

    // Quick switching: a PIN of one's own, then the till handed to its owner.
    const sam = await signInAs(t.app, t.ctx, { username: 'sam.till' });
    await ok('put', '/api/staff/pin', {
      cookie: sam.cookie,
      body: { pin: '4826', currentPassword: 'correct horse battery' },
    });
    const switcher = await signInAs(t.app, t.ctx, { role: 'admin' });
    await ok('post', '/api/till/switch-user', { cookie: switcher.cookie, body: { username: 'sam.till', pin: '4826' } });
    await ok('post', '/api/till/sessions/:id/close', { url: `${sessionUrl}/close`, body: { counted: { '2000': 2 } } });
    await ok('get', '/api/till/sessions/:id/report', { url: `${sessionUrl}/report` });

    // Registering a reader needs Stripe's Terminal (TEST MODE has only its simulated reader).
    const stripe = await openStripeTestApp('pglite', { now: () => NOW });
    try {
      const admin = (await signInAs(stripe.app, stripe.ctx, { role: 'admin' })).cookie;
      const reader = (
        await ok('post', '/api/admin/till/readers', {
          app: stripe.app,
          cookie: admin,
          body: { registrationCode: 'simulated-wpe', label: 'Counter reader' },
        })
      ).json() as { id: string };
      await ok('delete', '/api/admin/till/readers/:id', {
        app: stripe.app,
        cookie: admin,
        url: `/api/admin/till/readers/${reader.id}`,
      });
    } finally {
      await stripe.close();
    }
  });

  it('answers the accounts (issue 50) as documented', async () => {
    const range = `from=${TODAY}&to=${TODAY}`;
    const view = (await ok('get', '/api/admin/accounts/settings')).json() as { version: number; settings: unknown };
    await ok('put', '/api/admin/accounts/settings', { body: view });
    await ok('get', '/api/admin/accounts/vat', { url: `/api/admin/accounts/vat?${range}` });
    await ok('get', '/api/admin/accounts/journal.csv', {
      url: `/api/admin/accounts/journal.csv?${range}&basis=accrual`,
    });
    await ok('get', '/api/admin/accounts/payouts', { url: `/api/admin/accounts/payouts?${range}` });
    expect((await call('put', '/api/admin/accounts/settings', { body: view })).statusCode).toBe(409);
  });

  it('answers the events editor, sheet and queue figures as documented (issue 51)', async () => {
    const slot = { startsAt: '2030-12-12T10:00:00Z', lengthMinutes: 10, places: 6 };
    const made = await ok('post', '/api/admin/catalogue/events', {
      body: {
        name: "Santa's grotto",
        slots: [slot],
        childPricePence: 1200,
        adultPricePence: 200,
        onSaleAt: '2030-10-28T10:00:00Z',
        familyCap: 4,
      },
    });
    const url = `/api/admin/catalogue/events/${(made.json() as { id: string }).id}`;
    await ok('patch', '/api/admin/catalogue/events/:id', { url, body: { name: 'Grotto', slots: [slot] } });
    const id = (made.json() as { id: string }).id;
    await ok('get', '/api/admin/events/:id/sheet', { url: `/api/admin/events/${id}/sheet` });
    await ok('get', '/api/admin/events/:id/queue', { url: `/api/admin/events/${id}/queue` });
    const slotId = (made.json() as { slots: { id: string }[] }).slots[0]!.id;
    const [paid] = await t.ctx.db
      .insert(eventBookings)
      .values({
        eventId: id,
        slotId,
        email: 'grotto@example.com',
        children: [{ firstName: 'Ada', age: 4, note: '' }],
        adults: 1,
        places: 2,
        totalPence: 1400,
        status: 'paid',
        expiresAt: NOW,
        paidAt: NOW,
        createdAt: NOW,
        updatedAt: NOW,
      })
      .returning({ id: eventBookings.id });
    await ok('post', '/api/admin/events/:id/bookings/:bookingId/check-in', {
      url: `/api/admin/events/${id}/bookings/${paid!.id}/check-in`,
    });
  });

  it('answers staff accounts, sessions, passwords and the audit log as documented', async () => {
    const password = 'correct horse battery';
    const created = await ok('post', '/api/staff/accounts', {
      body: { username: 'newbie', displayName: 'New Person', role: 'staff', password: 'plum tree orchard 42' },
    });
    expect(created.statusCode).toBe(201);
    const accountUrl = `/api/staff/accounts/${(created.json() as { id: string }).id}`;
    await ok('get', '/api/staff/accounts');
    await ok('post', '/api/staff/accounts/:id/deactivate', { url: `${accountUrl}/deactivate` });
    await ok('post', '/api/staff/accounts/:id/reactivate', { url: `${accountUrl}/reactivate` });
    await ok('post', '/api/staff/accounts/:id/reset-password', {
      url: `${accountUrl}/reset-password`,
      body: { newPassword: 'pear tree orchard 43' },
    });
    const sessions = (await ok('get', '/api/staff/sessions')).json() as { sessions: { id: string; kind: string }[] };
    const kioskSession = sessions.sessions.find((s) => s.kind === 'kiosk')!;
    await ok('post', '/api/staff/sessions/:id/end', { url: `/api/staff/sessions/${kioskSession.id}/end` });
    await ok('get', '/api/admin/audit-log', { url: `/api/admin/audit-log?from=${TODAY}` });

    await ok('post', '/api/staff/sign-in', {
      cookie: '',
      body: { username: 'newbie', password: 'pear tree orchard 43' },
    });
    await ok('get', '/api/staff/me', { cookie: '' });
    await ok('get', '/api/staff/me', { cookie: cookies.staff });
    await ok('post', '/api/staff/password', {
      cookie: cookies.staff,
      body: { currentPassword: password, newPassword: 'apple tree orchard 44' },
    });
    await ok('post', '/api/staff/kiosk-mode', { cookie: cookies.staff, body: { label: 'Front desk tablet' } });
    await ok('post', '/api/staff/sign-out', { cookie: cookies.admin });
    await ok('post', '/api/staff/sign-out', { cookie: '' });
  });

  it('answers the cafe tables and kitchen mode as documented', async () => {
    const admin = (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie; // the suite's admin signed out above
    await ok('put', '/api/admin/cafe/tables', { cookie: admin, body: { tables: [{ number: 12, name: 'Table 12' }] } });
    await ok('get', '/api/admin/cafe/tables', { cookie: admin });
    const [table] = (await call('get', '/api/admin/cafe/tables', { cookie: admin })).json().tables;
    const order = await placeOrder(t.app, orderInput(table.token));
    await payWithTestCard(t.app, order.clientSecret);
    await ok('post', '/api/admin/cafe/orders/:id/refund', {
      cookie: admin,
      url: `/api/admin/cafe/orders/${order.orderId}/refund`,
      body: { reason: 'Spilt' },
    });
    const kitchenStaff = (await signInAs(t.app, t.ctx, { role: 'staff' })).cookie;
    await ok('post', '/api/staff/kitchen-mode', { cookie: kitchenStaff, body: { label: 'Kitchen screen' } });
  });

  it('has answered every staff operation with a success at least once', () => {
    const never = allStaffOperations.map(key).filter((k) => !succeeded.has(k));
    expect(never, `never answered with a success:\n${never.join('\n')}`).toEqual([]);
  });
});
