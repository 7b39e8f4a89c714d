import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload } from '../bookings/testing/booking-fixtures';
import { purchaseBody } from '../credits/testing/credit-fixtures';
import { rowCounter } from '../testing/row-counts';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { NUL_MESSAGE } from './errors';

/**
 * Input that passes for text or a date in JavaScript but that PostgreSQL cannot store or compare: U+0000
 * in any text, and the year 0000. Before these were refused at the input, each such request was a 500;
 * now each is a 400 naming the field, and nothing is written.
 */
const nul = 'Jo\u0000 Bloggs';
const cases: { url: string; as: 'anonymous' | 'staff' | 'kiosk'; body: unknown; field: string }[] = [
  {
    url: '/api/contact',
    as: 'anonymous',
    body: { name: 'Jo Bloggs', email: 'jo@example.com', inquiryType: 'general', message: `Hello ${nul}` },
    field: 'message',
  },
  {
    url: '/api/party-inquiry',
    as: 'anonymous',
    body: { parentName: nul, parentEmail: 'jo@example.com', inquiryType: 'party_booking' },
    field: 'parentName',
  },
  {
    url: '/api/create-booking-payment',
    as: 'anonymous',
    body: bookingPayload({ customerName: nul }),
    field: 'customerName',
  },
  {
    url: '/api/create-booking-payment',
    as: 'anonymous',
    body: bookingPayload({ ticketQuantities: { 'child\u00001-12': 1 } }),
    field: 'ticketQuantities.child\u00001-12',
  },
  {
    url: '/api/session-credits/purchase',
    as: 'anonymous',
    body: { ...purchaseBody('jo@example.com'), customerName: nul },
    field: 'customerName',
  },
  {
    url: '/api/staff/sign-in',
    as: 'anonymous',
    body: { username: nul, password: 'whatever it is' },
    field: 'username',
  },
  { url: '/api/check-in/search-all-tickets', as: 'staff', body: { customerName: nul }, field: 'customerName' },
  {
    url: '/api/check-in/find',
    as: 'kiosk',
    body: { by: 'surname', surname: nul, phoneDigits: '123' },
    field: 'surname',
  },
  { url: '/api/admin/search-payments', as: 'staff', body: { searchTerm: nul }, field: 'searchTerm' },
];

describe.each(testDbKinds)('input PostgreSQL cannot store, on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let countRows: () => Promise<unknown>;
  const cookies: Record<string, string | undefined> = {};
  beforeAll(async () => {
    t = await openTestApp(kind);
    cookies.staff = (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie;
    cookies.kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    countRows = await rowCounter(t.ctx.db);
  });
  afterAll(() => t.close());

  it.each(cases)('$url refuses U+0000 in $field with a 400', async ({ url, as, body, field }) => {
    const before = await countRows();
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...(cookies[as] ? { cookie: cookies[as] } : {}) },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({
      code: 'invalid_input',
      message: NUL_MESSAGE,
      fields: { [field]: [NUL_MESSAGE] },
    });
    expect(await countRows()).toEqual(before);
  });

  it.each(['/api/loyalty/member/jo%00@example.com', '/api/session-credits/jo%00@example.com', '/api/bookings/Jo%00'])(
    'GET %s refuses U+0000 in a path parameter',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(NUL_MESSAGE);
    },
  );

  it.each([
    ['GET', '/api/calendar/availability/0000-01-01', 'anonymous', undefined],
    ['GET', '/api/calendar/availability?from=0000-01-01&to=0000-01-31', 'anonymous', undefined],
    ['GET', '/api/available-sessions/0000-01-01', 'kiosk', undefined],
    ['POST', '/api/admin/session-restrictions', 'staff', { date: '0000-01-01', timeSlot: 'all-day', reason: 'Closed' }],
  ] as const)('%s %s refuses the year 0000 with a 400', async (method, url, as, body) => {
    const before = await countRows();
    const res = await t.app.inject({
      method,
      url,
      ...(body ? { payload: body } : {}),
      headers: cookies[as] ? { cookie: cookies[as] } : {},
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
    expect(await countRows()).toEqual(before);
  });
});
