import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venueInstant } from '../../src/server/bookings/visit-time';
import { mimePart } from '../../src/server/testing/mime-part';
import { startSmtpSink, type ReceivedMail } from '../../src/server/testing/smtp-sink';
import { todayInLondon } from '../../src/shared/dates';
import { expectNoAxeViolations } from './support/axe';
import { launchBrowser, openPage, screenshot, type ViewportName } from './support/browser';
import { decodeQrPng } from './support/qr';
import { bookTodayAsMember, joinMembershipByApi, type Member } from './support/member-by-api';
import { startServer, type RunningServer } from './support/server';
import { signInStaff } from './support/staff';

const ADMIN_PASSWORD = 'kiosk member card e2e admin password';
const VIEWPORTS: ViewportName[] = ['desktop', 'phone390'];
// The server's clock at 09:00 in London today, so the 9:30 session is still open whenever the suite runs.
const TODAY = todayInLondon(new Date());
const OFFSET_MS = venueInstant(TODAY, '09:00').getTime() - Date.now();

/** A handheld scanner: it types the card's text into whatever has focus, then Enter. */
async function scanWithScanner(page: Page, token: string) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('ticket-scanner-input');
  await page.keyboard.type(token, { delay: 1 });
  await page.keyboard.press('Enter');
}

/** The member card in the welcome mail: the inline QR image (cid:member-card), read as a scanner reads it. */
async function cardFromWelcomeMail(received: ReceivedMail[], email: string): Promise<string> {
  await expect.poll(() => received.some((m) => m.to === email && /Welcome to the/.test(m.subject))).toBe(true);
  const mail = received.find((m) => m.to === email && /Welcome to the/.test(m.subject))!;
  const text = decodeQrPng(mimePart(mail.raw, /Content-ID: <member-card>/i)).text;
  if (!text) throw new Error('the welcome mail has no readable member card');
  return text;
}

async function tickAll(page: Page) {
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByLabel(/I accept the disclaimer/).check();
  await page.getByLabel('I will not park in reserved spaces').check();
}

async function check(page: Page, name: string) {
  await screenshot(page, name);
  await expectNoAxeViolations(page);
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'no horizontal overflow').toBeLessThanOrEqual(client);
}

describe('the member card at the kiosk (issue 40): a booking of today, or a walk-in', () => {
  let server: RunningServer;
  let browser: Browser;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const booked: Record<string, Member> = {};
  const walkIns: Record<string, Member> = {};
  let offlineMember: Member;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startServer({ SMTP_URL: sink.url, ADMIN_PASSWORD, TEST_CLOCK_OFFSET_MS: String(OFFSET_MS) });
    browser = await launchBrowser();
    for (const viewport of VIEWPORTS) {
      // A family with a £0 booking of today's 9:30 session, and one with no booking (the walk-in).
      booked[viewport] = await joinMembershipByApi(server.url, sink.received, {
        email: `booked.${viewport}@example.com`,
        adult: 'Sam Carter',
        children: [{ firstName: 'Maisie', dateOfBirth: '2019-03-04' }],
        planId: 'annual-family-pass',
      });
      await bookTodayAsMember(server.url, booked[viewport]!, { date: TODAY, sessionId: 'morning' });
      walkIns[viewport] = await joinMembershipByApi(server.url, sink.received, {
        email: `walkin.${viewport}@example.com`,
        adult: 'Pat Green',
        children: [
          { firstName: 'Olive', dateOfBirth: '2020-01-15' },
          { firstName: 'Arlo', dateOfBirth: '2017-06-01' },
        ],
        planId: 'annual-family-pass',
      });
    }
    // A family booked for today's 12:00 session, who comes while the kiosk is offline.
    offlineMember = await joinMembershipByApi(server.url, sink.received, {
      email: 'offline.member@example.com',
      adult: 'Kim Lane',
      children: [{ firstName: 'Ivy', dateOfBirth: '2018-09-09' }],
      planId: 'annual-family-pass',
    });
    await bookTodayAsMember(server.url, offlineMember, { date: TODAY, sessionId: 'midday' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await sink?.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`checks a member in for today's booking, and a member with no booking as a walk-in (${viewport})`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInStaff(context, server.url, ADMIN_PASSWORD);
      const k = await context.request.post(`${server.url}/api/staff/kiosk-mode`, {
        data: { label: `Members ${viewport}` },
      });
      expect(k.status(), await k.text()).toBe(200);
      await page.goto(`${server.url}/check-in`);
      await page.getByRole('heading', { name: 'Scan Your Ticket' }).waitFor();

      // The card of a family with a booking today: the booking, as a ticket's scan shows it.
      await scanWithScanner(page, booked[viewport]!.card);
      await page.getByRole('heading', { name: 'Booking Details' }).waitFor();
      await page.getByRole('heading', { name: 'Sam C.' }).waitFor();
      await tickAll(page);
      await page.getByRole('button', { name: 'Check In', exact: true }).click();
      await page.getByRole('heading', { name: "You're checked in, Sam!" }).waitFor();
      await check(page, `kiosk-member-card-booked-${viewport}`);

      // The next family (the kiosk clears itself): a card with no booking today offers a walk-in.
      await page.getByRole('heading', { name: 'Scan Your Ticket' }).waitFor({ timeout: 10_000 });
      await scanWithScanner(page, walkIns[viewport]!.card);
      const offerHeading = page.getByRole('heading', { name: 'No booking today? Play with your membership' });
      await offerHeading.waitFor();
      await expect
        .poll(() => offerHeading.evaluate((el) => el === document.activeElement), { timeout: 5_000 })
        .toBe(true);
      await page.getByText('9:30 AM - 11:30 AM', { exact: true }).waitFor();
      const arlo = page.getByRole('checkbox', { name: 'Arlo' });
      const olive = page.getByRole('checkbox', { name: 'Olive' });
      expect(await arlo.isChecked()).toBe(true);
      expect(await olive.isChecked()).toBe(true);
      await page.getByText('Up to 2 grown-ups come in free with your membership', { exact: false }).waitFor();
      // First names only: no surname, e-mail, phone or date of birth.
      const shown = (await page.locator('main').textContent()) ?? '';
      for (const hidden of ['Green', '@', '07700', '2017', '2020']) expect(shown, hidden).not.toContain(hidden);
      await check(page, `kiosk-member-card-offer-${viewport}`);

      // Arlo stays home today; one grown-up comes in free.
      await arlo.uncheck();
      await tickAll(page);
      await page.getByRole('button', { name: 'Check in with your membership' }).click();
      const done = page.getByRole('heading', { name: "You're checked in, Pat!" });
      await done.waitFor();
      await expect.poll(() => done.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
      await page.getByText('When you leave, scan your member card here again to check out.').waitFor();
      await check(page, `kiosk-member-card-walk-in-${viewport}`);

      // Scanned again the same day: today's visit, already in (it checks out), not a second walk-in.
      await page.getByRole('heading', { name: 'Scan Your Ticket' }).waitFor({ timeout: 10_000 });
      await scanWithScanner(page, walkIns[viewport]!.card);
      await page
        .getByRole('button', { name: /Check Out/ })
        .first()
        .waitFor();
      await page.getByText('1 child, 1 adult', { exact: false }).first().waitFor();
      await check(page, `kiosk-member-card-again-${viewport}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('checks a member in by card while the kiosk is offline, and sends it when the network returns (1280)', async () => {
    const { page, context, errors } = await openPage(browser, 'desktop');
    await signInStaff(context, server.url, ADMIN_PASSWORD);
    const k = await context.request.post(`${server.url}/api/staff/kiosk-mode`, { data: { label: 'Members offline' } });
    expect(k.status(), await k.text()).toBe(200);
    await page.goto(`${server.url}/check-in`);
    await page.getByText(/^Ready to check in offline: \d+ tickets today\.$/).waitFor();
    // The service worker keeps the kiosk (its next screens too) once it controls the page, as on a set-up tablet.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
      .toBe(true);

    // The family shows the member card from their welcome mail (sent through the real SMTP peer).
    const card = await cardFromWelcomeMail(sink.received, offlineMember.email);
    expect(card).toBe(offlineMember.card);

    await context.setOffline(true);
    await page.getByText('Offline: the kiosk cannot reach the server', { exact: false }).waitFor();
    await scanWithScanner(page, card);
    await page.getByRole('heading', { name: 'Booking Details' }).waitFor();
    await page.getByText('12:00 PM - 2:00 PM', { exact: true }).waitFor();
    await tickAll(page);
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await page.getByRole('heading', { name: "You're checked in!" }).waitFor();
    await check(page, 'kiosk-member-card-offline-desktop');

    // Back online: the queued check-in is sent, and the card now finds the visit already in.
    await page.getByRole('heading', { name: 'Scan Your Ticket' }).waitFor({ timeout: 10_000 });
    await context.setOffline(false);
    await expect.poll(() => page.getByText(/waiting to be sent|Sending|Offline:/).count(), { timeout: 30_000 }).toBe(0);
    await scanWithScanner(page, offlineMember.card);
    await page
      .getByRole('button', { name: /Check Out/ })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
