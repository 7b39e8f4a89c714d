import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TillCatalogue, ZReport } from '../../src/shared/contracts/till';
import { formatPence } from '../../src/shared/money';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot } from './support/browser';
import { signInStaff, toastText } from './support/staff';
import { useServerAndBrowser } from './support/suite';

const ADMIN_PASSWORD = 'e2e admin password 2025';

/** "£12.30" on the page -> 1230. */
const penceOf = (text: string | null) => {
  const m = /£([\d,]+)\.(\d\d)/.exec(text ?? '');
  if (!m) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Number(m[1]!.replace(/,/g, '')) * 100 + Number(m[2]);
};

/** The page as printed (lib/print.ts sets data-paper as it prints): only the receipt or report is drawn. */
async function printView(page: Page, name: string, paper: '80mm' | 'A4') {
  await page.evaluate((p) => (document.documentElement.dataset.paper = p), paper);
  await page.emulateMedia({ media: 'print' });
  await screenshot(page, name);
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => delete document.documentElement.dataset.paper);
}

/**
 * The counter till (issue 48) in Chromium, as staff use it: the Venue tab's shop list, then at 1024 x 768 a
 * till opened with a float, a mixed basket sold for cash with the change shown, a card sale on TEST MODE's
 * simulated reader (declined, then approved), a line refunded, cash taken out, the drawer counted and the Z
 * report read; then the same at 390 px. axe on every screen; screenshots in test-results/screenshots/.
 */
describe('the counter till', () => {
  const suite = useServerAndBrowser({ ADMIN_PASSWORD });

  async function signedIn(viewport: 'till' | 'phone390') {
    const opened = await openPage(suite.browser, viewport);
    await signInStaff(opened.context, suite.server.url, ADMIN_PASSWORD);
    return opened;
  }

  const api = async <T>(context: BrowserContext, path: string): Promise<T> => {
    const res = await context.request.get(`${suite.server.url}${path}`);
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as T;
  };

  async function openTill(page: Page, name: string, float: string) {
    await page.goto(`${suite.server.url}/admin/till`);
    await page.getByRole('heading', { name: 'Open a till' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel('Till name').fill(name);
    await page.getByLabel('Float in the drawer (£)').fill(float);
    await page.getByRole('button', { name: 'Open till' }).click();
    await page.getByRole('heading', { name: 'Sale', exact: true }).waitFor();
  }

  const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const item = (page: Page, name: string) =>
    page.getByRole('button', { name: new RegExp(`^${escaped(name)}\\s*£`) }).first();

  it('Venue tab: the shop list is edited and a cafe item gains an option', async () => {
    const { page, context, errors } = await signedIn('till');
    await page.goto(`${suite.server.url}/admin?tab=venue&section=venue-till`);
    await page.getByRole('heading', { name: 'Shop items' }).waitFor();
    await page.getByRole('heading', { name: 'Card readers' }).waitFor();
    // The migration's list (grip socks, nappies, swim nappy) gains a zero-rated T-shirt, moved up one place.
    const before = (await api<TillCatalogue>(context, '/api/till/catalogue')).shop.map((s) => s.name);
    await page.getByRole('button', { name: 'Add a shop item' }).click();
    const n = before.length + 1;
    await page.getByLabel(`Name, item ${n}`).fill('Kids T-shirt');
    await page.getByLabel('Price (£), Kids T-shirt').fill('8');
    await page.getByLabel('VAT, Kids T-shirt').selectOption('zero');
    await page.getByRole('button', { name: 'Up Kids T-shirt' }).click();
    await page.getByRole('button', { name: 'Save shop items' }).click();
    await toastText(page, 'Shop items saved');
    const shop = (await api<TillCatalogue>(context, '/api/till/catalogue')).shop;
    expect(shop.map((s) => s.name)).toEqual([...before.slice(0, -1), 'Kids T-shirt', before.at(-1)]);
    expect(shop.find((s) => s.name === 'Kids T-shirt')).toMatchObject({ pricePence: 800, vatTreatment: 'zero' });
    await expectNoAxeViolations(page);
    await screenshot(page, 'till-venue-shop-1024');

    // The Latte's till settings: an extra shot at 50p beside its oat milk.
    await page.goto(`${suite.server.url}/admin?tab=venue&section=venue-menu`);
    await page.getByRole('button', { name: 'Till settings of Latte' }).click();
    const form = page.getByRole('form', { name: 'Latte on the till' });
    await form.getByRole('button', { name: 'Add a line to Options' }).click();
    await form.getByLabel('Option, line 2').fill('Extra shot');
    await form.getByLabel('Extra (£), line 2').fill('0.50');
    await form.getByRole('button', { name: 'Save till settings' }).click();
    await toastText(page, 'Till settings saved');
    const latte = (await api<TillCatalogue>(context, '/api/till/catalogue')).cafe.find((c) => c.name === 'Latte');
    expect(latte?.options.map((o) => [o.label, o.pricePence])).toEqual([
      ['Oat milk', 30],
      ['Extra shot', 50],
    ]);
    await expectNoAxeViolations(page);

    // The venue's VAT number (Venue details), printed on the till's receipts and Z reports: a wrong one is refused.
    await page.goto(`${suite.server.url}/admin?tab=venue&section=venue-details`);
    const contacts = page.getByRole('form', { name: 'Name and contacts' });
    await contacts.getByLabel('VAT number (optional)').fill('GB12345678');
    await contacts.getByRole('button', { name: 'Save name and contacts' }).click();
    await contacts.getByText(/A UK VAT number is GB and 9 digits/).waitFor();
    await contacts.getByLabel('VAT number (optional)').fill('gb 123 4567 89');
    await contacts.getByRole('button', { name: 'Save name and contacts' }).click();
    await toastText(page, 'Venue details saved');
    const pub = await api<{ venue: { vatNumber: string | null } }>(context, '/api/catalogue');
    expect(pub.venue.vatNumber).toBe('GB123456789');
    await expectNoAxeViolations(page);
    await screenshot(page, 'till-venue-vat-number-1024');
    expect(errors).toEqual([]);
    await context.close();

    // At 390 px the Till section and the cafe menu with its Till buttons fit without sideways scrolling.
    const phone = await signedIn('phone390');
    for (const section of ['venue-till', 'venue-menu']) {
      await phone.page.goto(`${suite.server.url}/admin?tab=venue&section=${section}`);
      await phone.page
        .getByRole('tab', { selected: true, name: section === 'venue-till' ? 'Till: shop & readers' : 'Cafe menu' })
        .waitFor();
      await phone.page.getByRole('heading', { level: 3 }).first().waitFor();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth), section).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(phone.page);
    }
    await phone.page.getByRole('button', { name: 'Till settings of Latte' }).click();
    await phone.page.getByRole('form', { name: 'Latte on the till' }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone.page, 'till-venue-menu-item-390');
    await expectNoAxeViolations(phone.page);
    await phone.context.close();
  });

  it('1024 x 768: a mixed basket for cash, a card on the simulated reader, a refund, the count and the Z report', async () => {
    const { page, context, errors } = await signedIn('till');
    await openTill(page, 'Front till', '100.00');
    await expectNoAxeViolations(page);
    const catalogue = await api<TillCatalogue>(context, '/api/till/catalogue');

    // Entry when a session is on now or next (the afternoon's is over in the evening: then the basket has none).
    const entry = catalogue.entry.session ? catalogue.entry.tickets.find((t) => /child/i.test(t.name)) : undefined;
    if (entry) {
      await item(page, entry.name).click();
      await item(page, entry.name).click();
    }
    await tab(page, 'Cafe');
    await item(page, 'Latte').click();
    await page.getByLabel('Oat milk (+£0.30)').check();
    await page.getByRole('button', { name: /^Add to sale/ }).click();
    await item(page, 'Ham Sandwich Lunchbox').click();
    await tab(page, 'Shop');
    await item(page, 'Grip socks').click();
    await page.getByRole('button', { name: 'One more Grip socks' }).click();
    await page.getByRole('button', { name: 'Eat in' }).click();
    await screenshot(page, 'till-basket-1024');
    await expectNoAxeViolations(page);

    const total = penceOf(await page.locator('#till-basket-total').textContent());
    await page.getByRole('button', { name: 'Pay by cash' }).click();
    await page.getByLabel('Cash handed over (£)').fill('50');
    await page.getByRole('button', { name: 'Take cash' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Change due' });
    await status.waitFor();
    expect(penceOf(await status.textContent())).toBe(5000 - total);
    await screenshot(page, 'till-cash-change-1024');
    await expectNoAxeViolations(page);
    await page
      .getByRole('article', { name: /^Receipt/ })
      .getByRole('table', { name: 'VAT' })
      .waitFor();
    await page
      .getByRole('article', { name: /^Receipt/ })
      .getByText('VAT number GB123456789')
      .waitFor();
    await printView(page, 'till-receipt-print-80mm', '80mm');
    // The same receipt e-mailed to the customer.
    await page.getByRole('button', { name: 'Email receipt' }).click();
    await page.getByLabel("Customer's email").fill('till-customer@example.com');
    await expectNoAxeViolations(page);
    await screenshot(page, 'till-receipt-email-1024');
    await page.getByRole('button', { name: 'Send receipt' }).click();
    await toastText(page, 'Receipt sent');

    // A card sale: declined on the simulated reader, then approved.
    await page.getByRole('button', { name: 'New sale' }).click();
    await tab(page, 'Shop');
    await item(page, 'Swim nappy').click();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.getByText('Card reader: Simulated reader').waitFor();
    await page.getByRole('button', { name: 'Send to reader' }).click();
    await page.getByText('Waiting for card on Simulated reader...').waitFor();
    await screenshot(page, 'till-card-waiting-1024');
    await expectNoAxeViolations(page);
    await page.getByLabel('Test card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Present card' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /declined/i })
      .waitFor();
    await page.getByRole('button', { name: 'Try the card again' }).click();
    await page.getByRole('button', { name: 'Send to reader' }).click();
    await page.getByLabel('Test card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Present card' }).click();
    await page.getByText('Paid £1.50 by card').waitFor();
    await screenshot(page, 'till-card-paid-1024');

    // Refund one pair of socks from the cash sale, in cash.
    await page.getByRole('button', { name: 'New sale' }).click();
    const recent = page.getByRole('region', { name: 'Sales this session' });
    await recent
      .getByRole('button', { name: /^Refund sale/ })
      .last()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Grip socks/).fill('1');
    await dialog.getByLabel('In cash').check();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Refund £1.50' }).click();
    await toastText(page, 'Refund made');

    // £5 to the safe.
    await page.getByRole('button', { name: 'Cash in / out' }).click();
    await dialog.getByLabel('Taken out').check();
    await dialog.getByLabel('Amount (£)').fill('5');
    await dialog.getByLabel('Reason').fill('To the safe');
    await dialog.getByRole('button', { name: 'Record' }).click();
    await toastText(page, 'Cash out recorded');
    await page.getByRole('button', { name: 'Close', exact: true }).click();

    // Close: £100 float + the cash sale - £1.50 refunded - £5 out, counted as £50 notes and the rest in 1p.
    await page.getByRole('button', { name: 'Close till' }).click();
    await page.getByRole('heading', { name: 'Close Front till' }).waitFor();
    const expected = 10000 + total - 150 - 500;
    await page.getByLabel('£50 notes').fill('1');
    await page.getByLabel('1p coins').fill(String(expected - 5000 - 100));
    await page.getByText(`Counted: ${formatPence(expected - 100)}`).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'till-close-count-1024');
    await page.getByRole('button', { name: /^Close till with/ }).click();

    await page.getByRole('heading', { name: 'Z report: Front till' }).waitFor();
    await page.getByText('Still open').waitFor({ state: 'detached' });
    const sessionId = new URL(page.url()).searchParams.get('session')!;
    const report = await api<ZReport>(context, `/api/till/sessions/${sessionId}/report`);
    expect(report.expectedCashPence).toBe(expected);
    expect(report.countedCashPence).toBe(expected - 100);
    expect(report.variancePence).toBe(-100);
    expect(report.refunds.cashPence).toBe(150);
    expect(report.cardSalesPence).toBe(150);
    await page.getByText('£1.00 short').waitFor();
    await page.getByText('VAT number GB123456789').waitFor();
    await page.getByText('Last operator').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'till-z-report-1024');
    await printView(page, 'till-z-report-print-a4', 'A4');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('390 px: a shop sale for exact cash, closed with the right count', async () => {
    const { page, context, errors } = await signedIn('phone390');
    await openTill(page, 'Phone till', '20');
    await tab(page, 'Shop');
    await item(page, 'Grip socks').click();
    await screenshot(page, 'till-basket-390');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Pay by cash' }).click();
    await page.getByRole('button', { name: 'Exact £1.50' }).click();
    await page.getByRole('status').filter({ hasText: 'Change due' }).getByText('£0.00').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'till-cash-change-390');
    const sales = await page
      .getByRole('region', { name: 'Sales this session' })
      .getByText(/^Sale \d+/)
      .count();
    expect(sales).toBe(1);

    await page.getByRole('button', { name: 'Close till' }).click();
    await page.getByLabel('£20 notes').fill('1');
    await page.getByLabel('£1 coins').fill('1');
    await page.getByLabel('50p coins').fill('1');
    await page.getByRole('button', { name: 'Close till with £21.50 counted' }).click();
    await page.getByRole('heading', { name: 'Z report: Phone till' }).waitFor();
    await page.getByText('Still open').waitFor({ state: 'detached' });
    await page.getByText('Not counted').waitFor({ state: 'detached' });
    const sessionId = new URL(page.url()).searchParams.get('session')!;
    const report = await api<ZReport>(context, `/api/till/sessions/${sessionId}/report`);
    expect([report.expectedCashPence, report.countedCashPence, report.variancePence]).toEqual([2150, 2150, 0]);
    await expectNoAxeViolations(page);
    await screenshot(page, 'till-z-report-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a till PIN set on the account page switches the user on the till', async () => {
    const admin = await signedIn('till');
    const created = await admin.context.request.post(`${suite.server.url}/api/staff/accounts`, {
      data: { username: 'sam.till', displayName: 'Sam Till', role: 'staff', password: 'gooseberry crumble at noon' },
    });
    expect(created.status(), await created.text()).toBe(201);
    // Sam sets a PIN on their own account page (the password asked for too).
    const sam = await openPage(suite.browser, 'till');
    await signInStaff(sam.context, suite.server.url, 'gooseberry crumble at noon', 'sam.till');
    await sam.page.goto(`${suite.server.url}/admin?tab=staff`);
    const pinForm = sam.page.getByRole('form', { name: 'Till PIN' });
    await pinForm.getByLabel('New PIN', { exact: true }).fill('4826');
    await pinForm.getByLabel('New PIN again').fill('4826');
    await pinForm.getByLabel('Your password').fill('gooseberry crumble at noon');
    await pinForm.getByRole('button', { name: 'Set till PIN' }).click();
    await toastText(sam.page, 'Till PIN set');
    await expectNoAxeViolations(sam.page);
    await screenshot(sam.page, 'till-pin-form-1024');
    await sam.context.close();

    // On the admin's till: a wrong PIN is refused, the right one switches to Sam.
    const { page, context, errors } = admin;
    await openTill(page, 'Side till', '0');
    await page.getByRole('button', { name: 'Switch user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch user' });
    await dialog.getByLabel('Username').fill('sam.till');
    await dialog.getByLabel('PIN').fill('9999');
    await dialog.getByRole('button', { name: 'Switch', exact: true }).click();
    await dialog.getByRole('alert').waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('PIN').fill('4826');
    await dialog.getByRole('button', { name: 'Switch', exact: true }).click();
    await toastText(page, 'User switched');
    await page.getByText('Serving: Sam Till').waitFor();
    await page.getByText('Side till', { exact: true }).waitFor();
    // The switch handed the open till to Sam, who sells on it at once (the Z report keeps who opened it).
    expect(await page.getByRole('note').filter({ hasText: 'sales on it are theirs' }).count()).toBe(0);
    await tab(page, 'Shop');
    await item(page, 'Grip socks').click();
    await page.getByRole('button', { name: 'Pay by cash' }).click();
    await page.getByRole('button', { name: 'Exact £1.50' }).click();
    await page.getByRole('status').filter({ hasText: 'Change due' }).getByText('£0.00').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'till-switched-user-1024');
    // The Z report names the operator now beside who opened it; Sales this session lists Sam's sale.
    await page
      .getByRole('region', { name: 'Sales this session' })
      .getByText(/^Sale \d+/)
      .first()
      .waitFor();
    const side = await page.evaluate(
      () => JSON.parse(localStorage.getItem('till.session') ?? '{}') as { sessionId: string },
    );
    await page.goto(`${suite.server.url}/admin/till/report?session=${side.sessionId}`);
    await page.getByRole('heading', { name: 'Z report: Side till' }).waitFor();
    await page.getByText('Operator now').waitFor();
    await page.getByText('sam.till (after a switch)').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'till-z-report-switched-1024');
    expect(errors.filter((e) => !/status of 40[0-9]/.test(e))).toEqual([]);
    await context.close();
  });
});
