import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '../../src/shared/dates';
import { axeViolations, describeViolations } from './support/axe';
import { openPage, screenshot } from './support/browser';
import { useServerAndBrowser } from './support/suite';
import { signInStaff } from './support/staff';
import { bookAndPayByApi } from './support/book-and-pay';

const ADMIN_PASSWORD = 'e2e admin password 2025';

describe('admin Exports tab', () => {
  const suite = useServerAndBrowser({ ADMIN_PASSWORD });

  it('downloads the bookings CSV for a date range, and refuses a reversed range in the form (desktop)', async () => {
    await bookAndPay(suite.server.url);
    const { page, context, errors } = await openPage(suite.browser, 'desktop');
    await signInStaff(context, suite.server.url, ADMIN_PASSWORD);
    await page.goto(`${suite.server.url}/admin?tab=exports`);
    await page.getByRole('heading', { name: 'Exports' }).waitFor();
    const today = todayInLondon(new Date());
    await expect(page.getByLabel('To').inputValue()).resolves.toBe(today);

    await page.getByLabel('From').fill(addDays(today, -1));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Bookings (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`play-time-barn-bookings-${addDays(today, -1)}-to-${today}.csv`);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('Reference,Booked at (London),Status,');
    expect(text).toMatch(/,confirmed,[^\r\n]*,Élodie Export 🎈,export\.family@example\.com,'\+44 7700 900321,/);
    let violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, 'exports-desktop');

    // A reversed range: the message shows and the links stop being links.
    await page.getByLabel('From').fill(addDays(today, 1));
    await page.getByText('The start date is after the end date').waitFor();
    expect(await page.getByRole('link', { name: /\(CSV\)$/ }).count()).toBe(0);
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, 'exports-reversed');
    expect(errors).toEqual([]);
    await context.close();
  });
});

async function bookAndPay(url: string): Promise<void> {
  await bookAndPayByApi(url, {
    customerName: 'Élodie Export 🎈',
    customerEmail: 'export.family@example.com',
    customerPhone: '+44 7700 900321',
    selectedDate: addDays(todayInLondon(new Date()), 1),
    selectedTime: 'morning',
    ticketQuantities: { 'child-1-12': 1 },
    totalAmount: 950,
    loyaltyOptIn: false,
  });
}
