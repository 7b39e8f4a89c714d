import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxResponse } from '../../shared/contracts/admin-outbox';
import { signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { bookingPayload, payWith, postJson } from '../bookings/testing/booking-fixtures';
import { todayInLondon } from '../../shared/dates';
import { outbox } from '../db/schema';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { redemptionCodeMail, voucherMail } from '../loyalty/loyalty-mails';
import { enqueueMail } from './enqueue-mail';

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

  it('hides cancel links, redemption codes and voucher codes from staff, the family copy whole', async () => {
    const day = new Date(`${todayInLondon(new Date())}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 3);
    const booked = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({
        customerEmail: 'family@example.com',
        selectedDate: day.toISOString().slice(0, 10),
        selectedTime: 'midday',
        ticketQuantities: { 'child-1-12': 1 },
        totalAmount: 950,
      }),
    );
    expect(booked.statusCode).toBe(201);
    expect((await payWith(t.app, booked.json().clientSecret)).json().status).toBe('succeeded');
    const member = { email: 'member@example.com', name: 'Sam Member' };
    const reward = { title: 'Free session', pointsCost: 500 };
    const { venue } = await publicCatalogue(t.ctx.db, new Date());
    await enqueueMail(t.ctx.db, redemptionCodeMail(member, reward, '482913', 10, venue));
    await enqueueMail(
      t.ctx.db,
      voucherMail(
        member,
        { ...reward, id: 'free-session', usedAt: 'booking' },
        { id: crypto.randomUUID(), code: 'PTB-SECRET-42' },
        'x',
        venue,
      ),
    );

    const { mails } = (await req('GET', '/api/admin/outbox')).json() as OutboxResponse;
    const shown = JSON.stringify(mails);
    expect(shown).not.toContain('cancel-booking?token=');
    expect(shown).not.toContain('482913');
    expect(shown).not.toContain('PTB-SECRET-42');
    const confirmation = mails.find((m) => m.subject.startsWith('Booking confirmed'))!;
    expect(confirmation.text).toContain(
      'Need to cancel? Up to 24 hours before your visit you get a full refund: [hidden]',
    );
    expect(mails.find((m) => m.subject.includes('Rewards code'))!.subject).toBe(
      'Your Play Time Rewards code: [hidden]',
    );
    // The family's own mail still carries them.
    const stored = JSON.stringify(await t.ctx.db.select().from(outbox));
    expect(stored).toContain('cancel-booking?token=');
    expect(stored).toContain('482913');
  });
});
