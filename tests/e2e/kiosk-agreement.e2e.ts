import { rmSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { launchBrowser, openPage, screenshot, type ViewportName } from './support/browser';
import { bookFamiliesToday } from './support/family-bookings';
import { newDataDir, startServer, type RunningServer } from './support/server';
import { signInStaff } from './support/staff';
import type { TicketCodes } from './support/today-bookings';

const ADMIN_PASSWORD = 'kiosk agreement e2e admin password';
const VIEWPORTS: ViewportName[] = ['desktop', 'phone390'];

/** A handheld scanner: it types the QR's text into whatever has focus, then Enter. */
async function scanWithScanner(page: Page, token: string) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('ticket-scanner-input');
  await page.keyboard.type(token, { delay: 2 });
  await page.keyboard.press('Enter');
}

async function tickAll(page: Page) {
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByLabel(/I accept the disclaimer/).check();
  await page.getByLabel('I will not park in reserved spaces').check();
}

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'no horizontal overflow').toBeLessThanOrEqual(client);
}

describe('the visit agreement at the kiosk and on the arrivals list (issue 39)', () => {
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;
  let codes: Record<string, TicketCodes>;

  beforeAll(async () => {
    dataDir = newDataDir('playtime-kiosk-agreement-e2e-');
    codes = await bookFamiliesToday(dataDir, [
      {
        key: 'desktop',
        name: 'Sam Carter',
        email: 'sam.carter@example.com',
        children: [
          { firstName: 'Maisie', dateOfBirth: '2019-03-04', notes: 'Nut allergy: carries an EpiPen' },
          { firstName: 'Alfie', dateOfBirth: '2021-06-01' },
        ],
      },
      {
        key: 'phone390',
        name: 'Pat Green',
        email: 'pat.green@example.com',
        children: [{ firstName: 'Olive', dateOfBirth: '2020-01-15', notes: 'Needs ear defenders when it is loud' }],
      },
      {
        key: 'accepted',
        name: 'Robin Rules',
        email: 'robin@example.com',
        children: [{ firstName: 'Ivy', dateOfBirth: '2018-09-09' }],
        acceptOnline: true,
      },
      {
        key: 'pending',
        name: 'Jo Later',
        email: 'jo.later@example.com',
        children: [{ firstName: 'Rosa', dateOfBirth: '2022-02-02', notes: 'Dairy free' }],
      },
    ]);
    server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A browser switched to kiosk mode by staff, on the scan screen. */
  async function kioskAt(viewport: ViewportName) {
    const opened = await openPage(browser, viewport);
    await signInStaff(opened.context, server.url, ADMIN_PASSWORD);
    const k = await opened.context.request.post(`${server.url}/api/staff/kiosk-mode`, {
      data: { label: `Tablet ${viewport}` },
    });
    expect(k.status(), await k.text()).toBe(200);
    await opened.page.goto(`${server.url}/check-in`);
    await opened.page.getByRole('heading', { name: 'Scan Your Ticket' }).waitFor();
    return opened;
  }

  for (const viewport of VIEWPORTS) {
    it(`shows "Agreement accepted" for a family that accepted online, and takes an acceptance on the tablet (${viewport})`, async () => {
      const { page, context, errors } = await kioskAt(viewport);

      // Accepted online before the visit: the scan says so, and nothing else of the family is shown.
      await scanWithScanner(page, codes.accepted!.token);
      await page.getByRole('heading', { name: 'Booking Details' }).waitFor();
      await page.getByText('Agreement accepted', { exact: true }).waitFor();
      await expect(page.getByRole('button', { name: 'Accept the Rules of Play' }).count()).resolves.toBe(0);
      await screenshot(page, `kiosk-agreement-accepted-${viewport}`);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'Back to Search' }).click();
      await page.getByRole('heading', { name: 'Scan Your Ticket' }).waitFor();

      // Not accepted: the rules in force, the children's first names only, a typed name and a tick.
      const family = viewport === 'desktop' ? ['Maisie and Alfie', 'Sam Carter'] : ['Olive', 'Pat Green'];
      await scanWithScanner(page, codes[viewport]!.token);
      await page.getByRole('heading', { name: 'Rules of Play' }).waitFor();
      await page.getByText('Children are supervised by an adult (18+) at all times', { exact: false }).waitFor();
      await page.getByText(`for ${family[0]}`, { exact: false }).first().waitFor();
      const shown = (await page.locator('main').textContent()) ?? '';
      for (const hidden of ['2019', '2020', '2021', 'EpiPen', 'ear defenders', '@', 'Ivy', 'Carter', 'Green'])
        expect(shown, hidden).not.toContain(hidden);
      await screenshot(page, `kiosk-agreement-form-${viewport}`);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      // The form says what is missing, and refuses markup in a name.
      await page.getByRole('button', { name: 'Accept the Rules of Play' }).click();
      await page.getByText('Please type your full name', { exact: true }).waitFor();
      await page.getByText('Please tick to accept the rules of play', { exact: true }).waitFor();
      await page.getByLabel('Your full name').fill('<b>Sam</b> Carter');
      await page.getByLabel(/I accept the rules of play/).check();
      await page.getByRole('button', { name: 'Accept the Rules of Play' }).click();
      await page.getByText('Please type your name without < or >', { exact: true }).waitFor();
      await screenshot(page, `kiosk-agreement-errors-${viewport}`);
      await expectNoAxeViolations(page);

      await page.getByLabel('Your full name').fill(family[1]!);
      await page.getByRole('button', { name: 'Accept the Rules of Play' }).click();
      await page.getByText('Agreement accepted', { exact: true }).waitFor();
      // The note takes the focus the form's button had, so a screen reader hears it.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Agreement accepted');
      await screenshot(page, `kiosk-agreement-done-${viewport}`);
      await expectNoAxeViolations(page);

      // Check-in goes on as before.
      await tickAll(page);
      await page.getByRole('button', { name: 'Check In', exact: true }).click();
      await page.getByRole('heading', { name: /^You're checked in/ }).waitFor();
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    });
  }

  for (const viewport of VIEWPORTS) {
    it(`shows staff the rules of play and each named child's notes on today's arrivals (${viewport})`, async () => {
      const { page, context, errors } = await openPage(browser, viewport);
      await signInStaff(context, server.url, ADMIN_PASSWORD);
      await page.goto(`${server.url}/admin?tab=todays-bookings`);
      const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      await card('Robin Rules').getByText('Rules of play accepted').waitFor();
      await card('Sam Carter').getByText('Rules of play accepted').waitFor();
      await card('Sam Carter').getByText('Allergy notes:').waitFor();
      await card('Sam Carter').getByText('Nut allergy: carries an EpiPen', { exact: false }).waitFor();
      await card('Pat Green').getByText('Needs ear defenders', { exact: false }).waitFor();
      await card('Jo Later').getByText('Rules of play not accepted').waitFor();
      await card('Jo Later').getByText('Allergy notes:').waitFor();
      // Each child's notes on that family's booking only.
      expect(await card('Robin Rules').textContent()).not.toContain('EpiPen');
      expect(await card('Pat Green').textContent()).not.toContain('EpiPen');
      await screenshot(page, `arrivals-agreement-${viewport}`);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      // In the barn now (both checked in at the tablet above): who has an allergy, at a glance.
      await page.goto(`${server.url}/admin?tab=checked-in`);
      await card('Sam Carter').getByText('Allergy notes:').waitFor();
      await card('Sam Carter').getByText('Rules of play accepted').waitFor();
      await card('Pat Green').getByText('Needs ear defenders', { exact: false }).waitFor();
      expect(await card('Pat Green').textContent()).not.toContain('EpiPen');
      await screenshot(page, `checked-in-agreement-${viewport}`);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      // The booking itself: the same, for that family's booking.
      await page.goto(`${server.url}/admin?tab=bookings`);
      await page.getByLabel('Reference, name, e-mail, phone or date').fill(codes.pending!.reference);
      await page.getByRole('button', { name: 'Find bookings' }).click();
      await page.getByRole('button', { name: `Open booking ${codes.pending!.reference} for Jo Later` }).click();
      await page.getByRole('heading', { name: codes.pending!.reference }).waitFor();
      const family = page.getByRole('region', { name: 'Family and visit' });
      await family.getByText(/^Rules of play: not accepted yet/).waitFor();
      await family.getByText('Dairy free', { exact: false }).waitFor();
      const text = (await family.textContent()) ?? '';
      for (const hidden of ['2022', 'EpiPen', 'Olive', 'Maisie']) expect(text, hidden).not.toContain(hidden);
      await screenshot(page, `booking-detail-agreement-${viewport}`);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      expect(errors, errors.join('\n')).toEqual([]);
      await context.close();
    });
  }
});
