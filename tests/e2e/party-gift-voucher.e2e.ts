import { describe, expect, it } from 'vitest';
import type { PartyAvailabilityResponse, PartyPaymentResponse } from '../../src/shared/contracts/party-booking';
import { addMonths } from '../../src/shared/dates';
import { expectNoAxeViolations } from './support/axe';
import { newPage, screenshot } from './support/browser';
import { PAYING_CARD } from './support/book-and-pay';
import { londonDatePlus } from './support/dates';
import { useServerAndBrowser } from './support/suite';

/**
 * Issue 29: a gift voucher pays part of a party's deposit on /party-booking/pay, and the card pays the rest.
 * The voucher is bought and paid through the API (the TEST MODE provider), its code read from the buyer's
 * print link; the party is held through the route /party-booking calls, and the pay page is given what the
 * booking form leaves in session storage.
 */
const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function payTestCard(url: string, clientSecret: string) {
  const paid = await postJson(`${url}/api/test-payments/confirm`, {
    clientSecret,
    cardNumber: PAYING_CARD,
    expiry: '12/34',
    cvc: '123',
    name: 'Gran Buyer',
  });
  expect(await paid.json()).toEqual({ status: 'succeeded' });
}

/** A paid £`pounds` voucher sent today; answers its code. */
async function buyVoucherCode(url: string, pounds: number): Promise<string> {
  const res = await postJson(`${url}/api/gift-vouchers`, {
    kind: 'amount',
    amountPence: pounds * 100,
    recipientName: 'Rosie Recipient',
    recipientEmail: 'rosie.party@example.com',
    message: 'For the party!',
    sendOn: londonDatePlus(0),
    buyerName: 'Gran Buyer',
    buyerEmail: 'gran.party@example.com',
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const bought = (await res.json()) as { clientSecret: string; printToken: string };
  await payTestCard(url, bought.clientSecret);
  const printed = await fetch(`${url}/api/gift-vouchers/print?token=${encodeURIComponent(bought.printToken)}`);
  expect(printed.status).toBe(200);
  return ((await printed.json()) as { code: string }).code;
}

/** A held party 20+ days ahead (Bronze, its fewest children, no food) and what the pay page shows of it. */
async function holdParty(url: string, email: string) {
  const from = londonDatePlus(20);
  for (const month of [from.slice(0, 7), addMonths(`${from.slice(0, 7)}-01`, 1).slice(0, 7)]) {
    const offer = (await (
      await fetch(`${url}/api/parties/availability?month=${month}`)
    ).json()) as PartyAvailabilityResponse;
    for (const day of offer.days) {
      if (day.closed || day.date < from) continue;
      for (const slot of day.slots) {
        const pkg = offer.packages.find((p) => p.id === 'bronze' && slot.packages.includes(p.id));
        if (!pkg || slot.roomsFree === 0) continue;
        const choice = { date: day.date, slotId: slot.slotId, packageId: pkg.id, children: pkg.minChildren };
        const quote = (await (await postJson(`${url}/api/parties/quote`, choice)).json()) as {
          totalPence: number;
          balancePence: number;
          balanceDueDate: string;
        };
        const created = await postJson(`${url}/api/parties`, {
          ...choice,
          childFirstName: 'Mia',
          childAge: 6,
          foodChoices: [],
          dietaryNotes: '',
          parentName: 'Priya Voucher',
          parentEmail: email,
          parentPhone: '07700 900456',
          agreeToTerms: true,
        });
        if (created.status !== 201) continue;
        const payment = (await created.json()) as PartyPaymentResponse;
        const summary = {
          date: day.date,
          slotLabel: slot.label,
          packageName: pkg.name,
          children: pkg.minChildren,
          childFirstName: 'Mia',
          ...quote,
        };
        return { payment, summary };
      }
    }
  }
  throw new Error('no party slot free in the next two months');
}

describe('gift vouchers paying a party deposit and balance', () => {
  const suite = useServerAndBrowser();

  for (const viewport of ['desktop', 'phone390'] as const)
    it(`takes £20 off the £50 deposit, the card pays £30, then a voucher pays the balance (${viewport})`, async () => {
      const url = suite.server.url;
      const code = await buyVoucherCode(url, 20);
      const { payment, summary } = await holdParty(url, `priya.${viewport}@example.com`);
      const { page, context, errors } = await newPage(suite.browser, viewport);
      try {
        // What "Continue to payment" leaves for the pay page in this tab (pending-party.ts, party-token.ts).
        await page.goto(`${url}/party-booking`);
        await page.evaluate(
          ([pending, tokens]) => {
            sessionStorage.setItem('pendingParty', pending!);
            sessionStorage.setItem('partyTokens', tokens!);
          },
          [JSON.stringify({ ...payment, summary }), JSON.stringify({ [payment.partyId]: payment.manageToken })],
        );
        await page.goto(`${url}/party-booking/pay?id=${payment.partyId}`);
        await page.getByText('TEST MODE').waitFor();

        const field = page.getByLabel(/^Gift voucher code/);
        await field.fill('GV-2222-3333-4444-5555-6666');
        await page.getByRole('button', { name: 'Apply', exact: true }).click();
        await page.getByText('We could not find a gift voucher with that code', { exact: true }).waitFor();
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        await expectNoAxeViolations(page);

        await field.fill(code.toLowerCase());
        await page.getByRole('button', { name: 'Apply', exact: true }).click();
        await page.getByText('Your gift voucher paid £20.00. £30.00 is left to pay by card.').waitFor();
        const card = await page.getByRole('heading', { name: 'Your Party', exact: true }).locator('..').innerText();
        expect(card).toMatch(/Deposit\s+£50\.00/);
        expect(card).toMatch(/Gift voucher\s+−£20\.00/);
        expect(card).toMatch(/To pay by card\s+£30\.00/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport === 'desktop' ? 1280 : 390,
        );
        await expectNoAxeViolations(page);
        await screenshot(page, `party-gift-voucher-${viewport}-pay`);

        await page.getByLabel('Card number').fill(PAYING_CARD);
        await page.getByLabel('Expiry date').fill('12 / 34');
        await page.getByLabel('CVC').fill('123');
        await page.getByLabel('Name on card').fill('Priya Voucher');
        await page.getByRole('button', { name: 'Pay £30.00 by card' }).click();

        await page.waitForURL(/\/party-booking\/confirmed\?id=[0-9a-f-]+$/);
        await page.getByRole('heading', { name: 'Mia’s party is booked' }).waitFor({ timeout: 20_000 });
        expect(await page.locator('main, body').first().innerText()).toMatch(/Paid\s+£50\.00/);
        await expectNoAxeViolations(page);
        await screenshot(page, `party-gift-voucher-${viewport}-confirmed`);

        // The £15 balance on the party's own page: a £20 voucher pays it all at once (1280); a £10 one
        // pays part and the card the £5 left (390).
        const balanceCode = await buyVoucherCode(url, viewport === 'desktop' ? 20 : 10);
        await page.goto(`${url}/party/${payment.partyId}#t=${encodeURIComponent(payment.manageToken)}`);
        await page.getByRole('heading', { name: 'Pay the balance' }).waitFor();
        const balanceField = page.getByLabel(/^Gift voucher code/);
        await balanceField.fill(balanceCode);
        await page.getByRole('button', { name: 'Apply', exact: true }).click();
        if (viewport === 'desktop') {
          await page.getByText('Thank you: your gift voucher paid £15.00 and the balance is paid.').waitFor();
        } else {
          await page.getByText('Gift voucher −£10.00. £5.00 is left to pay by card.').waitFor();
          await expectNoAxeViolations(page);
          await screenshot(page, `party-gift-voucher-${viewport}-balance`);
          await page.getByLabel('Card number').fill(PAYING_CARD);
          await page.getByLabel('Expiry date').fill('12 / 34');
          await page.getByLabel('CVC').fill('123');
          await page.getByLabel('Name on card').fill('Priya Voucher');
          await page.getByRole('button', { name: 'Pay £5.00' }).click();
          await page.getByText('Thank you: the balance is paid.').waitFor();
        }
        await expect
          .poll(() => page.getByRole('heading', { name: 'Pay the balance' }).count(), { timeout: 10_000 })
          .toBe(0);
        await expectNoAxeViolations(page);
        await screenshot(page, `party-gift-voucher-${viewport}-balance-paid`);
        // The refused code's 400 is the only failed request.
        expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
      } finally {
        await context.close();
      }
    });
});
