import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DateAvailability } from '../../src/shared/contracts/booking';
import { longDayMonth } from '../../src/shared/date-text';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot, screenshotDir } from './support/browser';
import { londonDatePlus } from './support/dates';
import { useServerAndBrowser } from './support/suite';
import { signInStaff, toastText } from './support/staff';
import { createBooking } from './support/book-and-pay';

const ADMIN_PASSWORD = 'e2e admin password 2025';
const MIDDAY = '12:00 PM - 2:00 PM';

/** The Booking Calendar's card for one session of the chosen date. */
const sessionCard = (page: Page, label: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label }) });

describe('staff change one session’s places for one date (Booking Calendar)', () => {
  const suite = useServerAndBrowser({ ADMIN_PASSWORD });
  // Three days ahead: the midday session is open for booking whatever the time of day.
  const date = londonDatePlus(3);

  beforeAll(async () => {
    // A family holds 3 places (a hold counts as taken until it is paid or expires in 15 minutes).
    const res = await createBooking(suite.server.url, {
      customerName: 'Holly Hold',
      customerEmail: 'holly@example.com',
      customerPhone: '07700 900123',
      selectedDate: date,
      selectedTime: 'midday',
      ticketQuantities: { 'child-1-12': 3 },
      totalAmount: 3 * 950,
      loyaltyOptIn: false,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  });

  const signInByApi = (context: BrowserContext) => signInStaff(context, suite.server.url, ADMIN_PASSWORD);
  const publicMidday = async () => {
    const res = await fetch(`${suite.server.url}/api/calendar/availability?from=${date}&to=${date}`);
    const [day] = ((await res.json()) as { dates: DateAvailability[] }).dates;
    return day!.sessions.find((s) => s.id === 'midday')!;
  };

  it('refuses a capacity below the places taken with the server’s words, then saves a new one (1280 wide)', async () => {
    const { page, context, errors } = await openPage(suite.browser, 'desktop');
    await signInByApi(context);
    await page.goto(`${suite.server.url}/admin?tab=booking-calendar`);
    await page.getByRole('heading', { name: 'Places per session' }).waitFor();
    await page.getByLabel('Date of the sessions').fill(date);
    const card = sessionCard(page, MIDDAY);
    await card.getByText('3 of 60 places taken, 57 left').waitFor();

    const field = page.getByLabel(`Capacity for ${MIDDAY} (children)`);
    await field.fill('2');
    await page.getByRole('button', { name: `Save capacity for ${MIDDAY}` }).click();
    const refusal = '3 places are already taken for that session; capacity cannot go below 3.';
    await card.getByText(refusal).waitFor();
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(
      await field.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!)?.textContent),
    ).toBe(refusal);
    expect((await publicMidday()).remaining).toBe(57);
    await screenshot(page, 'session-capacity-refused-desktop');
    await expectNoAxeViolations(page);

    await field.fill('40');
    await page.getByRole('button', { name: `Save capacity for ${MIDDAY}` }).click();
    await toastText(page, 'Capacity saved');
    await card.getByText('3 of 40 places taken, 37 left').waitFor();
    await card.getByText('(usually 60)').waitFor();
    expect(await card.getByText(refusal).count()).toBe(0);
    // The public calendar shows it at once.
    expect(await publicMidday()).toMatchObject({ remaining: 37, available: true });
    await screenshot(page, 'session-capacity-saved-desktop');
    await expectNoAxeViolations(page);
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    await context.close();
  });

  it('on a 390 px phone: a day tapped in the calendar shows its sessions, and a capacity saves', async () => {
    const { page, context } = await openPage(suite.browser, 'phone390');
    await signInByApi(context);
    await page.goto(`${suite.server.url}/admin?tab=booking-calendar`);
    await page.getByRole('heading', { name: 'Places per session' }).waitFor();
    await page.getByRole('button', { name: `${longDayMonth(date)}: open` }).click();
    const card = sessionCard(page, MIDDAY);
    await card.getByText('3 of 40 places taken, 37 left').waitFor();
    await page.getByLabel(`Capacity for ${MIDDAY} (children)`).fill('45');
    await page.getByRole('button', { name: `Save capacity for ${MIDDAY}` }).click();
    await toastText(page, 'Capacity saved');
    await card.getByText('3 of 45 places taken, 42 left').waitFor();
    // The toast sits over the cards on a phone: closed, so the screenshot shows them.
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByText('Capacity saved', { exact: true }).first().waitFor({ state: 'hidden' });
    await expect(page.getByLabel('Date of the sessions').inputValue()).resolves.toBe(date);
    await card.getByText('3 of 45 places taken, 42 left').waitFor();
    expect((await publicMidday()).remaining).toBe(42);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'session-capacity-phone');
    await page
      .getByRole('region', { name: 'Places per session' })
      .screenshot({ path: path.join(screenshotDir, 'session-capacity-phone-card.png') });
    await expectNoAxeViolations(page);
    await context.close();
  });
});
