import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueOf } from '../catalogue/catalogue-store';
import { inquiries, outbox } from '../db/schema';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { MAX_ACKNOWLEDGEMENTS_PER_DAY } from './acknowledgement';

/**
 * The attack replayed: a stranger uses the contact and party forms to send mail, with words of their
 * choosing, to someone else's address. The receipt quotes nothing, and at most 3 go to one address a day.
 */
const now = new Date('2025-06-14T09:00:00Z');
const party = (email: string) => ({
  parentName: 'Visit evil.example now',
  parentEmail: email,
  parentPhone: '07700 900123',
  childName: 'Click https://evil.example',
  childAge: '6',
  partyDate: '2025-07-19',
  partyTime: '1:00 PM - 4:00 PM',
  numberOfChildren: '12',
  packageType: 'gold',
  specialRequests: 'Your account is locked',
  dietaryRequirements: 'call 0900 000 000',
  inquiryType: 'party_booking',
});
const contact = (email: string) => ({
  name: 'Visit evil.example now',
  email,
  inquiryType: 'general',
  message: 'Your account is locked: https://evil.example',
});

describe.each(testDbKinds)('enquiry acknowledgements on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = now;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const mailsTo = (to: string) => t.ctx.db.select().from(outbox).where(eq(outbox.toAddress, to));

  it('repeats none of the sender text, and gives the venue contacts', async () => {
    expect((await post('/api/contact', contact('victim1@example.com'))).statusCode).toBe(201);
    expect((await post('/api/party-inquiry', party('victim2@example.com'))).statusCode).toBe(201);
    const acks = [...(await mailsTo('victim1@example.com')), ...(await mailsTo('victim2@example.com'))];
    expect(acks.map((m) => m.template).sort()).toEqual(['contact-acknowledgement', 'party-acknowledgement']);
    const venue = (await catalogueOf(t.ctx.db)).venue.value;
    for (const ack of acks) {
      expect(ack.text).toContain('We received your message and will reply within 24 hours');
      expect(ack.text).toContain(venue.phone);
      expect(ack.text).toContain(venue.email);
      expect(`${ack.subject}\n${ack.text}\n${ack.html ?? ''}`).not.toMatch(/evil|locked|0900|Visit|Click/);
    }
    // Staff still get everything that was written.
    const notices = await mailsTo(t.ctx.config.STAFF_NOTIFY_EMAIL);
    expect(notices.some((m) => m.text.includes('Your account is locked: https://evil.example'))).toBe(true);
    expect(notices.some((m) => m.subject.includes('Click https://evil.example'))).toBe(true);
  });

  it('sends at most 3 acknowledgements to one address a day, still storing and notifying staff', async () => {
    const address = 'Flooded@Example.com';
    const staffBefore = (await mailsTo(t.ctx.config.STAFF_NOTIFY_EMAIL)).length;
    for (let i = 0; i < 3; i++) expect((await post('/api/contact', contact(address))).statusCode).toBe(201);
    for (let i = 0; i < 3; i++)
      expect((await post('/api/party-inquiry', party(address.toLowerCase()))).statusCode).toBe(201);
    const acks = [...(await mailsTo(address)), ...(await mailsTo(address.toLowerCase()))];
    expect(acks).toHaveLength(MAX_ACKNOWLEDGEMENTS_PER_DAY);
    expect((await mailsTo(t.ctx.config.STAFF_NOTIFY_EMAIL)).length).toBe(staffBefore + 6);
    const stored = await t.ctx.db.select().from(inquiries);
    expect(stored.filter((r) => r.email.toLowerCase() === 'flooded@example.com')).toHaveLength(6);
    // The next day, one more.
    clock = new Date(now.getTime() + 86_400_000);
    expect((await post('/api/contact', contact(address))).statusCode).toBe(201);
    expect(await mailsTo(address)).toHaveLength(MAX_ACKNOWLEDGEMENTS_PER_DAY + 1);
  });
});
