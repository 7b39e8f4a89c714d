import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxResponse } from '../../shared/contracts/admin-outbox';
import { postJson } from '../bookings/testing/booking-fixtures';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { staffRequest } from './inquiries-test-fixtures';

describe.each(testDbKinds)('the mail outbox for staff (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let req: ReturnType<typeof staffRequest>;
  beforeAll(async () => {
    t = await openTestApp(kind);
    req = staffRequest(t.app, (await signInAs(t.app, t.ctx)).cookie);
  });
  afterAll(() => t?.close());

  it('is empty at first and says no SMTP server is set', async () => {
    expect((await req('GET', '/api/admin/outbox')).json()).toEqual({ mails: [], smtpConfigured: false });
  });

  it('lists the acknowledgement and staff notice of a contact enquiry, the full text in the notice only', async () => {
    const sent = await postJson(t.app, '/api/contact', {
      name: 'Jo Bloggs',
      email: 'jo@example.com',
      inquiryType: 'general',
      message: 'Hello there',
    });
    expect(sent.statusCode).toBe(201);
    const res = await req('GET', '/api/admin/outbox');
    expect(res.headers['cache-control']).toBe('no-store');
    const { mails } = res.json() as OutboxResponse;
    expect(mails).toHaveLength(2);
    const ack = mails.find((m) => m.to === 'jo@example.com')!;
    expect(ack).toMatchObject({
      subject: "We've got your message - Play Time Barn",
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    expect(ack.text).toContain('We received your message and will reply within 24 hours');
    expect(ack.text).not.toContain('Hello there');
    expect(ack.text).not.toContain('Jo');
    const notice = mails.find((m) => m.to !== 'jo@example.com')!;
    expect(notice.text).toContain('Hello there');
    expect(Date.parse(ack.createdAt)).not.toBeNaN();
  });
});
