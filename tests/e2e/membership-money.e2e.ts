import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { longDayMonth } from '../../src/shared/date-text';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot, type ViewportName } from './support/browser';
import { londonDatePlus } from './support/dates';
import { bookTodayAsMember, joinMembershipByApi } from './support/member-by-api';
import { useServerMailAndBrowser } from './support/suite';

const VIEWPORTS: ViewportName[] = ['desktop', 'phone390'];

async function check(page: Page, name: string) {
  await screenshot(page, name);
  await expectNoAxeViolations(page);
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'no horizontal overflow').toBeLessThanOrEqual(client);
}

/**
 * Issue 46 (DECISIONS.md "Memberships keep their money straight"), at 1280 and 390 px: a child the Annual Family
 * Pass covers cannot be removed on the Family page (the server's words, read out and focused); the cooling-off
 * cancel shows the refund and the visit booked ahead, asks what becomes of it, and does what was chosen.
 */
describe('a membership keeps its money straight (issue 46)', () => {
  const suite = useServerMailAndBrowser();

  for (const viewport of VIEWPORTS)
    it(`a covered child stays; the cooling-off cancel shows its refund and the visit ahead first (${viewport})`, async () => {
      const { url } = suite.server;
      const member = await joinMembershipByApi(url, suite.sink.received, {
        email: `money.${viewport}@example.com`,
        adult: 'Sam Carter',
        children: [{ firstName: 'Mia', dateOfBirth: '2019-03-04' }],
        planId: 'annual-family-pass',
      });
      const visitDate = londonDatePlus(3);
      await bookTodayAsMember(url, member, { date: visitDate, sessionId: 'morning' });
      const { page, context, errors } = await openPage(suite.browser, viewport);
      const [name, value] = member.cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url }]);

      // The Family page: removing Mia is refused, and the page says why.
      await page.goto(`${url}/my-bookings/family`);
      await page.getByRole('button', { name: 'Remove Mia' }).click();
      await page.getByRole('button', { name: 'Save family details' }).click();
      const why = page.getByTestId('child-in-use');
      await why.getByText(/^Mia is covered by membership M\d+/).waitFor();
      await expect(why.getAttribute('role')).resolves.toBe('alert');
      await expect.poll(() => why.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
      // Mia is back in the list, nothing lost.
      await page.getByRole('button', { name: 'Remove Mia' }).waitFor();
      await check(page, `membership-money-child-in-use-${viewport}`);

      // My Bookings → Membership: the cooling-off cancel shows its terms before anything is done.
      await page.goto(`${url}/my-bookings/memberships`);
      const card = page.getByRole('article', { name: 'Annual Family Pass' });
      await card.getByRole('button', { name: 'Cancel membership' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel your Annual Family Pass?' });
      await dialog.getByRole('radio', { name: /^Cancel now and get a refund/ }).check();
      const terms = dialog.getByTestId('cooling-off-terms');
      await terms.getByText('£199.00', { exact: true }).waitFor();
      await terms.getByTestId('cooling-off-future').getByText(longDayMonth(visitDate)).waitFor();
      await expect(terms.getByTestId('cooling-off-refund').textContent()).resolves.toBe(
        'Choose above to see your refund.',
      );
      // Confirming before choosing asks for the choice.
      await dialog.getByRole('button', { name: 'Cancel now and get a refund' }).click();
      await terms.getByText('Please choose whether to cancel or keep these visits.').waitFor();
      const choice = viewport === 'desktop' ? 'Keep them and pay for them' : 'Cancel them';
      await dialog.getByRole('radio', { name: new RegExp(`^${choice}`) }).check();
      const refund = terms.getByTestId('cooling-off-refund');
      // The visit is worth what a child's place cost that day, and a grown-up (free on this plan).
      await expect
        .poll(() => refund.textContent())
        .toMatch(viewport === 'desktop' ? /^Your refund: £1\d\d\.\d\d$/ : /^Your refund: £199\.00$/);
      await check(page, `membership-money-cooling-off-terms-${viewport}`);

      await dialog.getByRole('button', { name: 'Cancel now and get a refund' }).click();
      await dialog.waitFor({ state: 'detached' });
      const message = card.getByRole('status');
      await message.getByText(/Your membership has ended/).waitFor();
      if (viewport === 'phone390') await message.getByText(/visit booked ahead with it is cancelled/).waitFor();
      await expect(card.getByTestId('membership-status').textContent()).resolves.toBe('Ended');
      await check(page, `membership-money-cooling-off-done-${viewport}`);
      // The one refused save is the browser's only complaint.
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
      await context.close();
    });
});
