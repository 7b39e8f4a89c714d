import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot, type ViewportName } from './support/browser';
import { chooseTickets, openCalendarAt, pickDateAndSession } from './support/book-and-pay';
import { toastText } from './support/staff';
import { useServerAndBrowser } from './support/suite';

const ADMIN_PASSWORD = 'e2e admin password 2025';
const CHILD = 'Children 1-12 years';
const BABY = 'Children 0-1 years';
const TERM_DATES = path.resolve('tests/fixtures/somerset-term-dates-2026-27.ics');

/**
 * The server's and the browser's clock: Tuesday 13 October 2026, 09:30 in London. The fixture's October half
 * term (26 to 30 October 2026) is then inside the one-month booking window, and so are a term-time Tuesday
 * (20 October) and a Saturday (17 October). Both clocks run on from there.
 */
const NOW = Date.parse('2026-10-13T08:30:00Z');
const OFFSET_MS = NOW - Date.now();
const TERM_TUESDAY = '2026-10-20';
const SATURDAY = '2026-10-17';
const HALF_TERM = ['2026-10-26', '2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30'];

/**
 * Signs in as the admin through the API. The server's cookie expires on its own clock (October 2026), which
 * the browser's cookie store, on the real clock, would read as expired: the session cookie is set by hand.
 */
async function signInAdmin(context: BrowserContext, url: string) {
  const res = await fetch(`${url}/api/staff/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!.split('='));
  await context.addCookies(
    cookies.map(([name, ...value]) => ({ name: name!, value: value.join('='), url, sameSite: 'Strict' as const })),
  );
}

/** A page whose clock is the server's (set before anything loads). */
async function openAt(browser: Parameters<typeof openPage>[0], viewport: ViewportName) {
  const opened = await openPage(browser, viewport);
  await opened.page.clock.install({ time: new Date(Date.now() + OFFSET_MS) });
  return opened;
}

const venueSection = (page: Page, url: string, section: string) =>
  page.goto(`${url}/admin?tab=venue&section=venue-${section}`);

/** A date's cell and button on the public booking calendar: its band's class and its label. */
async function bandOfDay(page: Page, iso: string): Promise<{ label: string; className: string }> {
  const button = await openCalendarAt(page, iso);
  const cell = page.locator(`[data-day="${iso}"]:not([data-outside])`);
  return {
    label: (await button.getAttribute('aria-label')) ?? '',
    className: (await cell.getAttribute('class')) ?? '',
  };
}

async function expectBand(page: Page, dates: string[], band: 'Off-peak' | 'Peak') {
  for (const iso of dates) {
    const { label, className } = await bandOfDay(page, iso);
    expect(label, iso).toMatch(new RegExp(`, ${band}(,|$)`));
    expect(className, iso).toContain(band === 'Peak' ? 'band-1' : 'band-0');
  }
}

/** Off-peak prices for two child tickets, through the band-aware prices editor. */
async function setOffPeakPrice(page: Page, title: string, pounds: string) {
  const card = page.getByRole('region', { name: title, exact: true });
  await card.getByLabel('Band of days').selectOption({ label: 'Off-peak' });
  await card.getByLabel('Price (£)').fill(pounds);
  await card.getByRole('button', { name: `Save new price for ${title}` }).click();
  await toastText(page, 'Price saved');
  await card
    .getByRole('table', { name: `Price history of ${title}` })
    .getByText(`£${pounds}`)
    .waitFor();
}

/** The public booking page: 1 child ticket, the legend, the price of a term-time Tuesday and of a Saturday. */
async function familySeesCheaperTuesday(page: Page, url: string, suffix: string) {
  await chooseTickets(page, url, { [CHILD]: 1 });
  await openCalendarAt(page, TERM_TUESDAY);
  const legend = page.getByTestId('band-legend');
  await legend.getByText('Off-peak').waitFor();
  expect((await legend.textContent())?.replace(/\s+/g, ' ')).toMatch(/Off-peak\s*from £3\.00\s*Peak\s*from £4\.00/);
  await expectBand(page, [TERM_TUESDAY], 'Off-peak');
  await expectBand(page, [SATURDAY], 'Peak');
  await screenshot(page, `day-types-calendar-${suffix}`);
  await expectNoAxeViolations(page);
  await pickDateAndSession(page, TERM_TUESDAY);
  await page.getByTestId('order-total').filter({ hasText: '£7.50' }).waitFor();
  await pickDateAndSession(page, SATURDAY);
  await page.getByTestId('order-total').filter({ hasText: '£9.50' }).waitFor();
}

describe('prices by day and season (issue 38)', () => {
  const suite = useServerAndBrowser({ ADMIN_PASSWORD, TEST_CLOCK_OFFSET_MS: String(OFFSET_MS) });

  it('an admin prices off-peak days and uploads the term dates; the calendar follows (1280 wide)', async () => {
    const { url } = suite.server;
    const { page, context, errors } = await openAt(suite.browser, 'desktop');
    await signInAdmin(context, url);

    await venueSection(page, url, 'prices');
    await setOffPeakPrice(page, CHILD, '7.50');
    await setOffPeakPrice(page, BABY, '3.00');
    await screenshot(page, 'day-types-prices-desktop');
    await expectNoAxeViolations(page);

    // The family: the legend's from-prices differ, a term-time Tuesday costs less than a Saturday.
    await familySeesCheaperTuesday(page, url, 'desktop');
    // No school holidays yet: the half-term weekdays are off-peak.
    await expectBand(page, HALF_TERM, 'Off-peak');

    // A file that is not iCalendar is refused, naming the line; nothing changes.
    await venueSection(page, url, 'days');
    await page.getByRole('heading', { name: 'Days and prices', level: 3 }).waitFor();
    const upload = page.getByRole('form', { name: 'Upload term dates' });
    await upload.getByLabel('Upload term dates (.ics)').setInputFiles({
      name: 'term-dates.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Holiday,From,To\nOctober half term,2026-10-26,2026-10-30\n'),
    });
    await upload.getByRole('button', { name: 'Upload term dates', exact: true }).click();
    await upload.getByText('This is not a term dates file we can read (line 1', { exact: false }).waitFor();
    await toastText(page, 'Term dates not saved');

    await upload.getByLabel('Upload term dates (.ics)').setInputFiles(TERM_DATES);
    await upload.getByRole('button', { name: 'Upload term dates', exact: true }).click();
    await toastText(page, 'Term dates uploaded');
    const holidays = page.getByRole('form', { name: 'School holidays' });
    await expect
      .poll(() => holidays.getByLabel('Name, line 2', { exact: true }).inputValue())
      .toBe('October half term');
    await expect(holidays.getByLabel('First day, line 2', { exact: true }).inputValue()).resolves.toBe('2026-10-26');
    await expect(holidays.getByLabel('Last day, line 2', { exact: true }).inputValue()).resolves.toBe('2026-10-30');
    await screenshot(page, 'day-types-venue-desktop');
    await expectNoAxeViolations(page);

    // The half-term week is peak on the public calendar now, the Friday before it not.
    await chooseTickets(page, url, { [CHILD]: 1 });
    await expectBand(page, HALF_TERM, 'Peak');
    await expectBand(page, ['2026-10-23'], 'Off-peak');
    await openCalendarAt(page, '2026-10-27');
    await screenshot(page, 'day-types-half-term-desktop');
    await expectNoAxeViolations(page);
    // The refused upload's 400 is logged by the browser; nothing else is.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  it('the same at 390 wide: the editor fits a phone, holidays cleared and uploaded again', async () => {
    const { url } = suite.server;
    const { page, context, errors } = await openAt(suite.browser, 'phone390');
    await signInAdmin(context, url);

    await venueSection(page, url, 'days');
    await page.getByRole('heading', { name: 'Days and prices', level: 3 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'day-types-venue-phone');
    await expectNoAxeViolations(page);

    // The typed list: every holiday removed and saved, so the half-term week is term time again.
    const holidays = page.getByRole('form', { name: 'School holidays' });
    const remove = holidays.getByRole('button', { name: /^Remove line \d+ of School holidays$/ });
    while ((await remove.count()) > 0) await remove.first().click();
    await holidays.getByRole('button', { name: 'Save school holidays' }).click();
    await toastText(page, 'School holidays saved');

    await familySeesCheaperTuesday(page, url, 'phone');
    await expectBand(page, HALF_TERM, 'Off-peak');

    await venueSection(page, url, 'days');
    const upload = page.getByRole('form', { name: 'Upload term dates' });
    await upload.getByLabel('Upload term dates (.ics)').setInputFiles(TERM_DATES);
    await upload.getByRole('button', { name: 'Upload term dates', exact: true }).click();
    await toastText(page, 'Term dates uploaded');

    await venueSection(page, url, 'prices');
    await page
      .getByRole('region', { name: CHILD, exact: true })
      .getByLabel('Band of days')
      .selectOption({ label: 'Off-peak' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'day-types-prices-phone');
    await expectNoAxeViolations(page);

    await chooseTickets(page, url, { [CHILD]: 1 });
    await expectBand(page, HALF_TERM, 'Peak');
    await openCalendarAt(page, '2026-10-27');
    await screenshot(page, 'day-types-half-term-phone');
    await expectNoAxeViolations(page);
    // The refused upload's 400 is logged by the browser; nothing else is.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });
});
