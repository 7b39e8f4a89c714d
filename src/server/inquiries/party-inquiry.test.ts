import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../abuse/rate-limit';
import { editPartyBooking } from '../catalogue/admin-party-booking';
import { catalogueOf, invalidateCatalogue } from '../catalogue/catalogue-store';
import { inquiries, outbox } from '../db/schema';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';

// The venue's clock is fixed: 10:00 on Saturday 14 June 2025 in London (09:00 UTC, summer time).
const now = new Date('2025-06-14T09:00:00Z');
const valid = {
  parentName: 'Ada Parent',
  parentEmail: 'ada@example.com',
  parentPhone: '07700 900123',
  childName: 'Mia',
  childAge: '6',
  partyDate: '2025-07-19',
  partyTime: '1:00 PM - 4:00 PM',
  numberOfChildren: '12',
  packageType: 'gold',
  specialRequests: 'Unicorn theme',
  dietaryRequirements: 'One vegetarian',
  inquiryType: 'party_booking',
};

describe.each(testDbKinds)('POST /api/party-inquiry on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => now });
  });
  afterAll(() => t.close());

  const post = (payload: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/party-inquiry',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const counts = async () => ({
    inquiries: (await t.ctx.db.select().from(inquiries)).length,
    mail: (await t.ctx.db.select().from(outbox)).length,
  });

  it('stores the enquiry with its party details and queues the two mails', async () => {
    const before = await counts();
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ success: true, id: expect.any(String) });
    const row = (await t.ctx.db.select().from(inquiries)).find((r) => r.id === body.id)!;
    expect(row).toMatchObject({
      source: 'party',
      name: 'Ada Parent',
      email: 'ada@example.com',
      phone: '07700 900123',
      inquiryType: 'party_booking',
      responded: false,
    });
    expect(row.details).toEqual({
      childName: 'Mia',
      childAge: '6',
      partyDate: '2025-07-19',
      partyTime: '1:00 PM - 4:00 PM',
      numberOfChildren: '12',
      packageType: 'gold',
      specialRequests: 'Unicorn theme',
      dietaryRequirements: 'One vegetarian',
    });
    expect(row.message).toContain('Party for Mia (age 6)');
    expect(row.message).toContain('Saturday 19 July 2025, 1:00 PM - 4:00 PM');
    expect(await counts()).toEqual({ inquiries: before.inquiries + 1, mail: before.mail + 2 });

    const mails = (await t.ctx.db.select().from(outbox)).filter((m) => m.dedupeKey?.endsWith(body.id));
    const ack = mails.find((m) => m.toAddress === 'ada@example.com')!;
    expect(ack.text).toContain('We received your message and will reply within 24 hours');
    expect(ack.text).toContain('01632 960 124');
    // Anyone can type anyone's address: the receipt repeats nothing the sender wrote.
    for (const theirs of ['Ada', 'Mia', 'Unicorn', 'vegetarian', '07700', 'Gold', '19 July'])
      expect(ack.subject + ack.text).not.toContain(theirs);
    const staff = mails.find((m) => m.toAddress === t.ctx.config.STAFF_NOTIFY_EMAIL)!;
    expect(staff.subject).toContain('Gold for Mia');
    expect(staff.text).toContain('Estimated price: £228.00 (12 children)'); // 12 x £19
    expect(staff.text).toContain('07700 900123');
  });

  it('quotes private hire flat and accepts today, 12 months ahead and no optional fields', async () => {
    const { specialRequests: _s, dietaryRequirements: _d, ...rest } = valid;
    for (const partyDate of ['2025-06-14', '2026-06-14']) {
      const res = await post({ ...rest, partyDate, packageType: 'private-hire', numberOfChildren: '25+' });
      expect(res.statusCode, partyDate).toBe(201);
      const staff = (await t.ctx.db.select().from(outbox)).find((m) => m.dedupeKey === `party-staff:${res.json().id}`)!;
      expect(staff.text).toContain('Estimated price: £199.00 flat');
    }
  });

  it.each([
    ['short parent name', { parentName: 'A' }, 'parentName', 'Name must be at least 2 characters'],
    ['bad email', { parentEmail: 'ada-at-example' }, 'parentEmail', 'Please enter a valid email address'],
    ['short phone', { parentPhone: '0770' }, 'parentPhone', 'Please enter a valid phone number'],
    ['short child name', { childName: 'M' }, 'childName', "Child's name must be at least 2 characters"],
    ['missing age', { childAge: '' }, 'childAge', "Please select child's age"],
    ['age out of range', { childAge: '13' }, 'childAge', "Please select child's age"],
    ['missing date', { partyDate: '' }, 'partyDate', 'Please select a preferred date'],
    ['impossible date', { partyDate: '2025-02-30' }, 'partyDate', 'Please select a preferred date'],
    ['missing time', { partyTime: undefined }, 'partyTime', 'Please select a preferred time'],
    ['unknown time', { partyTime: '7:00-9:00 PM' }, 'partyTime', 'Please select a preferred time'],
    ['missing children', { numberOfChildren: '' }, 'numberOfChildren', 'Please specify number of children'],
    ['missing package', { packageType: '' }, 'packageType', 'Please select a party package'],
    ['unknown package', { packageType: 'platinum' }, 'packageType', 'Please select a party package'],
    ['oversized requests', { specialRequests: 'x'.repeat(1001) }, 'specialRequests', 'Must be at most 1000 characters'],
    ['wrong inquiry type', { inquiryType: 'general' }, 'inquiryType', undefined],
    ['yesterday', { partyDate: '2025-06-13' }, 'partyDate', 'Please choose a date from today onwards'],
    [
      'over 12 months ahead',
      { partyDate: '2026-06-15' },
      'partyDate',
      'We take party enquiries up to 12 months ahead. Please choose an earlier date',
    ],
  ])('refuses %s with a JSON 400 naming the field and stores nothing', async (_label, change, field, message) => {
    const before = await counts();
    const res = await post({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const error = res.json().error;
    expect(error.code).toBe('invalid_input');
    expect(error.fields[field]).toBeDefined();
    if (message) {
      expect(error.message).toBe(message);
      expect(error.fields[field]).toContain(message);
    }
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['an empty object', {}],
    ['an array', [valid]],
    ['null', null],
    ['wrong types', { ...valid, parentName: 42, numberOfChildren: 12, childAge: ['6'] }],
  ])('refuses %s with a JSON 400', async (_label, payload) => {
    const before = await counts();
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
    expect(await counts()).toEqual(before);
  });
});

describe.each(testDbKinds)('party enquiry rate limit on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => now, config: { RATE_LIMITS: 'on' } });
  });
  afterAll(() => t.close());

  const post = (remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/party-inquiry', remoteAddress, payload: valid });

  it('answers 429 with Retry-After once the allowance is spent, and stores nothing more', async () => {
    const { max, windowSeconds } = rateLimits.partyInquiry;
    expect(max).toBe(10);
    expect(windowSeconds).toBe(600);
    for (let i = 0; i < max; i++) expect((await post('203.0.113.8')).statusCode).toBe(201);
    const refused = await post('203.0.113.8');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
    expect(await t.ctx.db.select().from(inquiries)).toHaveLength(max);
    expect((await post('198.51.100.10')).statusCode).toBe(201); // another family is not affected
  });
});

describe.each(testDbKinds)('party enquiries read the catalogue as it is now (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => now });
  });
  afterAll(() => t.close());

  const post = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/party-inquiry',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  /** An admin's edit of the parties or venue document, committed as the edit API does. */
  const edit = async (key: 'parties' | 'venue', path: string, value: unknown) => {
    await t.ctx.db.execute(sql`update catalogue_documents
      set value = jsonb_set(value, ${`{${path}}`}::text[], ${JSON.stringify(value)}::jsonb), version = version + 1
      where key = ${key}`);
    await t.ctx.db.execute(sql`update catalogue_state set version = version + 1`);
    invalidateCatalogue(t.ctx.db);
  };

  it("takes only the online booking's party slots, and an edit to them at once", async () => {
    // The enquiry form offers the same slots as online booking (DECISIONS.md "Parties online").
    const { partyBooking, parties } = await catalogueOf(t.ctx.db);
    expect(parties.value.slots).toContain('1:00 PM - 4:00 PM');
    const slots = partyBooking.value.slots.map((s) =>
      s.id === 'afternoon-long' ? { ...s, start: '13:30', end: '16:30', label: '' } : s,
    );
    await editPartyBooking({ db: t.ctx.db, input: { version: partyBooking.version, slots }, actor: 'admin', now });
    const refused = await post(valid);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'invalid_input',
      message: 'Please select a preferred time',
      fields: { partyTime: ['Please select a preferred time'] },
    });
    expect((await post({ ...valid, partyTime: '1:30 PM - 4:30 PM' })).statusCode).toBe(201);
  });

  it("quotes the catalogue's package and contacts as they are now", async () => {
    const packages = (await catalogueOf(t.ctx.db)).parties.value.packages;
    await edit(
      'parties',
      'packages',
      packages.map((p) => (p.id === 'gold' ? { ...p, name: 'Golden', perChildPence: 2000 } : p)),
    );
    await edit('venue', 'partyLinePhone', '01632 960 777');
    const res = await post({ ...valid, partyTime: '12:00 PM - 2:30 PM', parentEmail: 'edited@example.com' });
    expect(res.statusCode).toBe(201);
    const mails = (await t.ctx.db.select().from(outbox)).filter((m) => m.dedupeKey?.endsWith(res.json().id));
    const staff = mails.find((m) => m.toAddress === t.ctx.config.STAFF_NOTIFY_EMAIL)!;
    expect(staff.subject).toContain('Golden for Mia');
    expect(staff.text).toContain('Estimated price: £240.00 (12 children)');
    expect(mails.find((m) => m.toAddress === 'edited@example.com')!.text).toContain('Party line: 01632 960 777');
  });
});
