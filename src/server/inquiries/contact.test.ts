import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inquiries, outbox } from '../db/schema';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';

const valid = {
  name: 'Jo Bloggs',
  email: 'jo@example.com',
  phone: '07700 900123',
  inquiryType: 'group',
  message: 'Can we bring 20 children on a Tuesday?',
};

describe.each(testDbKinds)('POST /api/contact on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    t = await openTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const counts = async () => ({
    inquiries: (await t.ctx.db.select().from(inquiries)).length,
    mail: (await t.ctx.db.select().from(outbox)).length,
  });

  it('stores a valid enquiry with its acknowledgement and staff notice', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    const rows = await t.ctx.db.select().from(inquiries);
    const row = rows.find((r) => r.id === body.id)!;
    expect(row).toMatchObject({
      source: 'contact',
      name: 'Jo Bloggs',
      email: 'jo@example.com',
      inquiryType: 'group',
      responded: false,
    });
    const mails = await t.ctx.db.select().from(outbox);
    expect(mails.map((m) => m.toAddress).sort()).toEqual(['hello@playtimebarn.co.uk', 'jo@example.com']);
  });

  it('trims fields and accepts a missing phone', async () => {
    const res = await post({ ...valid, name: '  Sam  ', phone: undefined });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['empty name', { ...valid, name: '   ' }, 'Please fill in all required fields'],
    ['missing message', { ...valid, message: undefined }, undefined],
    ['bad email', { ...valid, email: 'not-an-email' }, 'Please enter a valid email address'],
    ['unknown type', { ...valid, inquiryType: 'spam' }, 'Please fill in all required fields'],
    ['wrong types', { ...valid, name: 42, message: ['x'] }, undefined],
    ['oversized message', { ...valid, message: 'x'.repeat(5001) }, 'Must be at most 5000 characters'],
    ['array body', [valid], undefined],
    ['null body', null, undefined],
  ])('refuses %s with a JSON 400 and stores nothing', async (_label, payload, message) => {
    const before = await counts();
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
    if (message) expect(res.json().error.message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses malformed JSON and a body over the size limit with JSON errors', async () => {
    const bad = await post('{"name": ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_json');
    const huge = await post({ ...valid, message: 'x'.repeat(70 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('body_too_large');
    const text = await post('hello', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
