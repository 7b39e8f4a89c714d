import { useServerMailAndBrowser } from './support/suite';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot } from './support/browser';
import { agreeAndProceed, pickDateAndSession } from './support/book-and-pay';
import { londonDatePlus } from './support/dates';
import { confirmEmailOnPage } from './support/family-mail';
import { toastText } from './support/staff';

async function fillDetails(page: Page, email: string) {
  await page.getByLabel('Full Name').fill('Sam Carer');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Phone Number').fill('07700 900456');
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Complete Purchase' }).click();
}

describe('session credits journey', () => {
  const suite = useServerMailAndBrowser();

  it('shows the spec messages for an empty form and stays on the info step', async () => {
    const { page, context } = await openPage(suite.browser, 'phone');
    await page.goto(`${suite.server.url}/session-credits`);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter a valid phone number',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await expect(page.getByRole('heading', { name: 'Complete Your Purchase' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('goes Back from the payment step to an empty form (desktop), and a declined card stays on payment', async () => {
    const { page, context, errors } = await openPage(suite.browser, 'desktop');
    await page.goto(`${suite.server.url}/session-credits`);
    await page.getByRole('heading', { name: 'Pricing Comparison' }).waitFor();
    await page.getByText('You Save £20.00').waitFor();
    await screenshot(page, 'credits-info-desktop');
    await expectNoAxeViolations(page);
    await fillDetails(page, 'back@example.com');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();
    await toastText(page, 'Payment Ready');
    await page.getByText('TEST MODE').waitFor();
    await screenshot(page, 'credits-payment-desktop');
    await expectNoAxeViolations(page);

    await payWith(page, '4000 0000 0000 0002');
    await toastText(page, 'Payment Failed');
    await page.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('heading', { name: 'Pricing Comparison' }).waitFor();
    await expect(page.getByLabel('Full Name').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Email Address').inputValue()).resolves.toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`buys a bundle with 4242, confirms the e-mail on the booking page and books a child with a credit (${viewport})`, async () => {
      const { page, context, errors } = await openPage(suite.browser, viewport);
      await page.goto(`${suite.server.url}/session-credits`);
      await page.getByText('£75.00').first().waitFor();
      await page.getByText('£95.00').first().waitFor();
      await screenshot(page, `credits-info-${viewport}`);
      await expectNoAxeViolations(page);
      await fillDetails(page, `Credits.${viewport}@example.com`);
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();
      await toastText(page, 'Please complete your payment to purchase the session credits.');
      await expect(page.getByTestId('purchase-total').textContent()).resolves.toBe('£75.00');
      await page.getByText('10 Session Credits').waitFor();
      await screenshot(page, `credits-payment-${viewport}`);
      await expectNoAxeViolations(page);
      await payWith(page, '4242 4242 4242 4242');
      await toastText(page, 'Payment Successful!');
      await toastText(page, 'Your session credits have been purchased successfully.');
      await page.getByRole('heading', { name: 'Pricing Comparison' }).waitFor();
      await expect(page.getByLabel('Full Name').inputValue()).resolves.toBe('');
      await page.getByText(new RegExp(`Your 10 credits are on Credits\\.${viewport}@example\\.com`)).waitFor();
      await screenshot(page, `credits-done-${viewport}`);

      // Typing the address proves nothing: no balance shows until the e-mail is confirmed.
      await page.getByLabel('Email Address').fill(`credits.${viewport}@example.com`);
      await page.waitForTimeout(800);
      await expect(page.getByText('10 active credits').count()).resolves.toBe(0);

      // The booking page asks for the code (sent through the real SMTP peer), then shows the real balance,
      // and the estimate follows the tickets.
      await page.goto(`${suite.server.url}/booking`);
      await page.getByRole('heading', { name: 'Choose Your Tickets' }).waitFor();
      await page.getByRole('heading', { name: 'Have session credits? Confirm your e-mail to use them' }).waitFor();
      await screenshot(page, `credits-booking-confirm-${viewport}`);
      await confirmEmailOnPage(page, suite.sink.received, {
        idPrefix: 'credits-confirm',
        email: ` CREDITS.${viewport.toUpperCase()}@example.com`,
      });
      await page.getByText(/You have 10 active credits/).waitFor();
      await page.getByText('Confirmed as').waitFor();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Add one Children 1-12 years' }).click();
      await page.getByText('Session credits could save you up to £9.50').waitFor();
      await screenshot(page, `credits-booking-lookup-${viewport}`);
      await page.getByRole('button', { name: 'Continue to Booking' }).click();
      await page.getByRole('heading', { name: 'Your Details', level: 2 }).waitFor();
      await page.getByLabel('Full Name').fill('Sam Carer');
      await page.getByLabel('Phone Number').fill('07700 900456');
      // The confirmed address is filled in; another address would book without credits, and the page says so.
      await expect(page.getByLabel('Email Address').inputValue()).resolves.toBe(`credits.${viewport}@example.com`);
      await page.getByLabel('Email Address').fill('someone.else@example.com');
      await page.getByText('Session credits apply only when you book with the e-mail you confirmed').waitFor();
      await page.getByLabel('Email Address').fill(`credits.${viewport}@example.com`);
      await page.getByText('Session credits could save you up to £9.50').waitFor();
      await pickDateAndSession(page, londonDatePlus(7));
      await agreeAndProceed(page);

      // Covered in full by a credit: no payment step, straight to the confirmation.
      await page.waitForURL(/\/booking-success\?booking_id=/);
      await toastText(page, 'Session Credits Applied!');
      await toastText(page, '1 credits used, saving you £9.50');
      await page.getByTestId('booking-reference').waitFor();
      const pending = JSON.parse((await page.evaluate(() => sessionStorage.getItem('pendingBooking'))) ?? 'null');
      expect(pending).toBeNull(); // read and removed by the success page
      await screenshot(page, `credits-booking-success-${viewport}`);

      // The family's browser sees the balance; a stranger who knows the address does not.
      const balance = await page.evaluate(async () => (await fetch('/api/family/credits')).json());
      expect(balance).toMatchObject({ success: true, totalActiveCredits: 9, creditsOnHold: 0 });
      const stranger = await fetch(`${suite.server.url}/api/session-credits/credits.${viewport}%40example.com`);
      expect(stranger.status).toBe(401);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
