import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueOf, invalidateCatalogue } from '../catalogue/catalogue-store';
import { seedVenueDocument } from '../catalogue/seed-data';
import type { Db } from '../db/client';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { bookingPayload, cancelTokenFrom, mailsTo, payWith, postJson } from './testing/booking-fixtures';

// Monday 20 October 2025, 11:00 BST; the visits are on Wednesday 22 October.
const NOW = new Date('2025-10-20T10:00:00Z');

/** An admin's edit, as the edit API commits it: the document changed, the catalogue's version bumped. */
async function editVenue(db: Db, path: string, value: unknown): Promise<void> {
  await db.execute(sql`update catalogue_documents set value = jsonb_set(value, ${`{${path}}`}::text[], ${JSON.stringify(value)}::jsonb),
    version = version + 1 where key = 'venue'`);
  await db.execute(sql`update catalogue_state set version = version + 1`);
  invalidateCatalogue(db);
}

async function editSession(db: Db, id: string, start: string, end: string, label: string): Promise<void> {
  await db.execute(sql`update session_times set start_time = ${start}, end_time = ${end}, label = ${label},
    version = version + 1 where id = ${id}`);
  await db.execute(sql`update catalogue_state set version = version + 1`);
  invalidateCatalogue(db);
}

const icsOf = (mail: { attachments: { filename: string; content: string }[] }) =>
  Buffer.from(mail.attachments.find((a) => a.filename.endsWith('.ics'))!.content, 'base64').toString();
/** The .ics unfolded (RFC 5545 folds long lines), so a test can look for a whole value. */
const unfolded = (ics: string) => ics.replace(/\r\n /g, '');

describe.each(testDbKinds)('booking mails show the catalogue as it is now (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => NOW });
  });
  afterAll(() => t.close());

  const bookAndPay = async (email: string, overrides = {}) => {
    const created = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerEmail: email, ...overrides }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect((await payWith(t.app, created.json().clientSecret)).json()).toEqual({ status: 'succeeded' });
    const [mail] = await mailsTo(t.ctx.db, email);
    return { bookingId: created.json().bookingId as string, mail: mail! };
  };

  it("shows the seeded venue's name, address, phone and session times", async () => {
    const { mail } = await bookAndPay('seeded@example.com');
    const venue = (await catalogueOf(t.ctx.db)).venue.value;
    expect(venue.phone).toBe(seedVenueDocument.phone);
    expect(mail.subject).toContain(`- ${venue.name}`);
    expect(mail.text).toContain(`${venue.name}, ${venue.address.line1}, ${venue.address.town}`);
    expect(mail.text).toContain(venue.phone);
    expect(mail.text).toContain('When: Wednesday 22 October 2025, 9:30 AM - 11:30 AM');
    const ics = unfolded(icsOf(mail));
    expect(ics).toContain('DTSTART:20251022T083000Z');
    expect(ics).toContain(venue.phone);
  });

  it('shows an edit to the venue in the next confirmation mail and .ics, without a restart', async () => {
    await editVenue(t.ctx.db, 'phone', '01632 960 999');
    await editVenue(t.ctx.db, 'address,line1', 'Unit 9, West Quay');
    const { bookingId, mail } = await bookAndPay('edited@example.com');
    expect(mail.text).toContain('01632 960 999');
    expect(mail.text).toContain('Unit 9, West Quay, Bridgwater');
    expect(mail.text).not.toContain(seedVenueDocument.phone);
    expect(mail.html).toContain('01632 960 999');
    const ics = unfolded(icsOf(mail));
    expect(ics).toContain('LOCATION:Play Time Barn\\, Unit 9\\, West Quay\\, Bridgwater');
    expect(ics).toContain('01632 960 999');

    // My Bookings' "Add to calendar" serves the same event, as of now.
    const cookie = await familyCookieFor(t.ctx.db, 'edited@example.com', NOW);
    const fromPage = await t.app.inject({
      method: 'GET',
      url: `/api/family/bookings/${bookingId}/ics`,
      headers: { cookie },
    });
    expect(fromPage.statusCode).toBe(200);
    expect(unfolded(fromPage.body)).toContain('01632 960 999');

    // The cancellation page and mail sign off with the new phone too.
    const token = cancelTokenFrom(mail.text);
    const page = await t.app.inject({ method: 'GET', url: `/cancel-booking?token=${encodeURIComponent(token)}` });
    expect(page.body).toContain('01632 960 999');
    expect((await postJson(t.app, '/api/bookings/cancel', { token })).statusCode).toBe(200);
    const cancelled = (await mailsTo(t.ctx.db, 'edited@example.com')).find(
      (m) => m.template === 'booking-cancellation',
    );
    expect(cancelled!.text).toContain('01632 960 999');
  });

  it("times the .ics by the session's edited times", async () => {
    await editSession(t.ctx.db, 'midday', '12:30', '14:30', '12:30 PM - 2:30 PM');
    const { mail } = await bookAndPay('moved@example.com', {
      selectedTime: 'midday',
      ticketQuantities: { 'child-1-12': 1 },
      totalAmount: 950,
    });
    expect(mail.text).toContain('When: Wednesday 22 October 2025, 12:30 PM - 2:30 PM');
    const ics = icsOf(mail);
    expect(ics).toContain('DTSTART:20251022T113000Z'); // 12:30 BST
    expect(ics).toContain('DTEND:20251022T133000Z');
  });

  it("shows the customer's name and the venue's texts as text, never as HTML", async () => {
    await editVenue(t.ctx.db, 'name', 'Barn & <b>Co</b>');
    const { mail } = await bookAndPay('escaped@example.com', { customerName: '<script>alert(1)</script> Jo' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(mail.html).not.toContain('<b>Co</b>');
    expect(mail.html).toContain('Barn &amp; &lt;b&gt;Co&lt;/b&gt;');
    // The plain-text part is text already: it carries the name as written.
    expect(mail.text).toContain('Hello <script>alert(1)</script>,');
  });
  it("labels and times an all-day ticket by the catalogue's opening hours", async () => {
    const allDay = { selectedTime: undefined, ticketQuantities: { 'child-1-12': 1 }, totalAmount: 950 };
    const before = (await bookAndPay('all-day@example.com', allDay)).mail;
    expect(before.text).toContain('When: Wednesday 22 October 2025, All day (flexible play, 9:30 AM - 4:00 PM)');
    await editVenue(t.ctx.db, 'openingHours,closes', '17:00');
    const { mail } = await bookAndPay('all-day-later@example.com', allDay);
    expect(mail.text).toContain('When: Wednesday 22 October 2025, All day (flexible play, 9:30 AM - 5:00 PM)');
    expect(icsOf(mail)).toContain('DTEND:20251022T160000Z'); // 17:00 BST
  });
});
