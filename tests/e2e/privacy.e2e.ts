import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PublicCatalogue } from '../../src/shared/catalogue';
import type { PartyAvailabilityResponse, PartyPaymentResponse } from '../../src/shared/contracts/party-booking';
import type { DataExportFile } from '../../src/shared/contracts/privacy';
import { addDays, addMonths, todayInLondon } from '../../src/shared/dates';
import { INVITATION_LINK_DAYS } from '../../src/server/parties/guests/invitations';
import { axeViolations, describeViolations } from './support/axe';
import { openPage, screenshot } from './support/browser';
import { useServerAndBrowser } from './support/suite';
import { PAYING_CARD, bookAndPayByApi } from './support/book-and-pay';

const ADMIN_PASSWORD = 'e2e admin password 2025';
const EMAIL = 'privacy.family@example.com';
const GUEST = 'privacy.guest@example.com';
/** What /privacy says of guest invitations: the server's own rule (the page may not import it), in its words. */
const INVITATIONS_KEPT = `${INVITATION_LINK_DAYS} days after the party, when the invitation links stop working; then deleted`;
// Family profiles (issue 39): also a fixed rule (PROFILE_IDLE_MONTHS in server/privacy/retention.ts).
const PROFILE_KEPT = '3 years after your last visit; then deleted';

describe('privacy notice and data requests', () => {
  // Periods other than the defaults (shared/retention.ts): the page must state the ones in force.
  const suite = useServerAndBrowser({ ADMIN_PASSWORD, RETAIN_ENQUIRIES_MONTHS: '18', RETAIN_PLATES_DAYS: '45' });
  const venueOf = async () =>
    ((await (await fetch(`${suite.server.url}/api/catalogue`)).json()) as PublicCatalogue).venue;

  // 360 px for reflow, 390 px (an everyday phone) and desktop for the screenshots people look at.
  for (const viewport of ['phone', 'phone390', 'desktop'] as const) {
    it(`/privacy is reached from the home page footer and says what is kept, for how long and how to ask (${viewport})`, async () => {
      const { page, context, errors } = await openPage(suite.browser, viewport);
      await page.goto(`${suite.server.url}/`);
      const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Notice' });
      await footerLink.scrollIntoViewIfNeeded();
      await footerLink.click();
      await page.waitForURL(`${suite.server.url}/privacy`);
      await page.getByRole('heading', { level: 1, name: 'Privacy Notice' }).waitFor();
      // After an in-app navigation the title comes with the page-texts chunk (docs/decisions/014).
      await expect.poll(() => page.title()).toMatch(/^Privacy Notice \|/);
      for (const name of ['What we keep, why and for how long', 'Who sees it', 'Cookies', 'Who we are'])
        expect(await page.getByRole('heading', { level: 2, name }).isVisible(), name).toBe(true);
      // The periods this server's retention job applies (its RETAIN_* settings), asked for once the page is live.
      await page.getByText('Number plates 45 days after your visit').waitFor();
      const text = await page.locator('main').innerText();
      for (const period of ['6 years', '18 months after', '30 days; then names', 'The text 90 days after sending'])
        expect(text, period).toContain(period);
      // Parties (issue 28): the booking as a booking is, for the bookings period in force; the guests'
      // invitations and replies (their children's names, allergies) until the links stop working.
      expect(text).toContain(
        'Party bookings: your name, e-mail address, phone number, your child’s first name and age',
      );
      expect(text).toContain('6 years, as bookings; then names, contact details and notes are removed');
      expect(text).toMatch(/Party invitations: .*their child’s first name and any allergies/);
      expect(text).toContain(INVITATIONS_KEPT);
      // Family profiles (issue 39): children's dates of birth and notes, deleted 3 years after the last visit.
      expect(text).toMatch(/Your family profile, .*each child’s first name, date of birth and any notes/);
      expect(text).toContain(PROFILE_KEPT);
      expect(text).toMatch(/invitations you sent and your guests’ replies are deleted/);
      expect(text).not.toContain('24 months');
      expect(text).not.toMatch(/loading/i);
      expect(text).toMatch(/no cookie banner/i);
      expect(text).toMatch(/copy of everything we hold/);
      const venue = await venueOf();
      expect(await page.getByRole('link', { name: venue.email }).first().getAttribute('href')).toMatch(
        `mailto:${venue.email}`,
      );
      expect(await page.getByRole('link', { name: venue.phone }).first().getAttribute('href')).toBe(venue.phoneHref);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        await page.evaluate(() => window.innerWidth),
      );
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await screenshot(page, `privacy-${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('is prerendered with the contacts, and states no period it cannot know before the server is asked', async () => {
    const venue = await venueOf();
    const html = await (await fetch(`${suite.server.url}/privacy`)).text();
    expect(html).toContain('data-prerendered');
    expect(html).toContain(venue.email);
    expect(html).toContain('What we keep, why and for how long');
    // The first view is drawn without the server's settings: a period in it could be a default not in force.
    // Only the invitations' and family profiles' periods are there from the start: fixed rules, not settings.
    const kept = html.slice(html.indexOf('id="kept"'), html.indexOf('id="who"'));
    expect(kept).toContain('Loading how long we keep each kind of data');
    expect(kept).toContain(INVITATIONS_KEPT);
    expect(kept).toContain(PROFILE_KEPT);
    expect(kept.replace(INVITATIONS_KEPT, '').replace(PROFILE_KEPT, '')).not.toMatch(/\d+ (years?|months?|days?)/);
  });

  it('the admin Data requests tab exports a JSON file and erases after a confirm (desktop)', async () => {
    await bookAndPay(suite.server.url);
    const party = await bookPartyAndInvite(suite.server.url);
    const { page, context, errors } = await openPage(suite.browser, 'desktop');
    await page.goto(`${suite.server.url}/admin?tab=data-requests`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Data requests' }).waitFor();

    // A bad address is refused in the form, before any request.
    await page.getByRole('button', { name: 'Export (JSON)' }).click();
    await page.getByText('Please enter a valid email address').waitFor();

    await page.getByLabel('Their e-mail address').fill(EMAIL.toUpperCase());
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^play-time-barn-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as DataExportFile;
    expect(file.email).toBe(EMAIL);
    expect(file.tables.bookings!.map((b) => b.customer_name)).toEqual(['Petra Privacy']);
    // The ticket booking's payment and the party's deposit.
    expect(file.tables.payments!.length).toBe(2);
    expect(file.tables.party_bookings!.map((p) => p.reference)).toEqual([party.reference]);
    expect(file.tables.party_invitations_sent!.map((i) => i.guest_email)).toEqual([GUEST]);
    await page
      .getByText(new RegExp(`^Downloaded play-time-barn-data-.* for ${EMAIL}: \\d+ records from \\d+ tables\\.$`))
      .waitFor();
    let violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, 'privacy-admin-export');

    await page.getByRole('button', { name: 'Erase...' }).click();
    // Shown as the server matches it: lower-cased.
    await page.getByRole('heading', { name: `Erase everything held about ${EMAIL}?` }).waitFor();
    // The confirm button takes focus, so Enter or Space confirms on purpose, not by accident elsewhere.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Yes, erase');
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, 'privacy-admin-erase-confirm');
    // Cancel leaves everything as it was.
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('button', { name: 'Yes, erase' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Erase...' }).click();
    await page.getByRole('button', { name: 'Yes, erase' }).click();
    // Every count the server gives, the party and its guest's invitation among them.
    await page.getByText(`Erased ${EMAIL}: 1 booking, 1 party, 1 party invitation, `).waitFor();
    await screenshot(page, 'privacy-admin-erased');

    // Exported again, the address holds nothing.
    await page.getByLabel('Their e-mail address').fill(EMAIL);
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export (JSON)' }).click(),
    ]);
    const empty = JSON.parse(readFileSync((await again.path())!, 'utf8')) as DataExportFile;
    expect(Object.values(empty.tables).every((rows) => rows.length === 0)).toBe(true);
    await page.getByText(`Downloaded ${again.suggestedFilename()} for ${EMAIL}: nothing is held about it.`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * A party with its deposit paid for the family, on the first free slot 20+ days ahead (as /party-booking
 * books it), and one guest invited with the manage token the answer carries.
 */
async function bookPartyAndInvite(url: string): Promise<PartyPaymentResponse> {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const from = addDays(todayInLondon(new Date()), 20);
  for (const month of [from.slice(0, 7), addMonths(`${from.slice(0, 7)}-01`, 1).slice(0, 7)]) {
    const offer = (await (
      await fetch(`${url}/api/parties/availability?month=${month}`)
    ).json()) as PartyAvailabilityResponse;
    for (const day of offer.days) {
      if (day.closed || day.date < from) continue;
      for (const slot of day.slots) {
        const pkg = offer.packages.find((p) => p.id !== 'private-hire' && slot.packages.includes(p.id));
        if (!pkg || slot.roomsFree === 0) continue;
        const created = await post('/api/parties', {
          date: day.date,
          slotId: slot.slotId,
          packageId: pkg.id,
          children: pkg.minChildren,
          childFirstName: 'Pip',
          childAge: 5,
          foodChoices: pkg.food ? Array.from({ length: pkg.minChildren }, () => offer.foodOptions[0]!.id) : [],
          dietaryNotes: 'No nuts',
          parentName: 'Petra Privacy',
          parentEmail: EMAIL,
          parentPhone: '07700 900321',
          agreeToTerms: true,
        });
        expect(created.status, await created.clone().text()).toBe(201);
        const party = (await created.json()) as PartyPaymentResponse;
        const paid = await post('/api/test-payments/confirm', {
          clientSecret: party.clientSecret,
          cardNumber: PAYING_CARD,
          expiry: '12/34',
          cvc: '123',
          name: 'Petra Privacy',
        });
        expect(await paid.json()).toEqual({ status: 'succeeded' });
        const invited = await post(
          `/api/parties/${party.partyId}/invitations`,
          { emails: [GUEST] },
          { 'x-party-token': party.manageToken },
        );
        expect(invited.status, await invited.clone().text()).toBe(200);
        return party;
      }
    }
  }
  throw new Error('no party slot free in the next two months');
}

/** A paid booking for tomorrow's morning session, through the public API and the TEST MODE card. */
async function bookAndPay(url: string): Promise<void> {
  await bookAndPayByApi(url, {
    customerName: 'Petra Privacy',
    customerEmail: EMAIL,
    customerPhone: '07700 900321',
    selectedDate: addDays(todayInLondon(new Date()), 1),
    selectedTime: 'morning',
    ticketQuantities: { 'child-1-12': 1 },
    totalAmount: 950,
    loyaltyOptIn: false,
  });
}
