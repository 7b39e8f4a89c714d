import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '../../src/shared/dates';
import { axeViolations, describeViolations } from './support/axe';
import { bookAndPayByApi } from './support/book-and-pay';
import { openPage, screenshot } from './support/browser';
import { signInStaff } from './support/staff';
import { useServerAndBrowser } from './support/suite';

const ADMIN_PASSWORD = 'e2e admin password 2025';

/** Issue 50: an admin sets the account codes, reads this quarter's VAT and downloads the journal on both bases. */
describe('admin Accounts section', () => {
  const suite = useServerAndBrowser({ ADMIN_PASSWORD });

  it('saves the account codes, shows the quarter’s VAT and downloads the journal, cash and accrual (desktop)', async () => {
    const today = todayInLondon(new Date());
    await bookAndPayByApi(suite.server.url, {
      customerName: 'Ada Accounts',
      customerEmail: 'ada.accounts@example.com',
      customerPhone: '07700 900321',
      selectedDate: addDays(today, 1),
      selectedTime: 'morning',
      ticketQuantities: { 'child-1-12': 1 },
      totalAmount: 950,
      loyaltyOptIn: false,
    });
    const { page, context, errors } = await openPage(suite.browser, 'desktop');
    await signInStaff(context, suite.server.url, ADMIN_PASSWORD);
    await page.goto(`${suite.server.url}/admin?tab=vat-and-journal`);
    await page.getByRole('heading', { name: 'Accounts', exact: true }).waitFor();

    // The settings: a VAT number and the cafe's own account code, saved as a new version.
    await page.getByLabel('VAT number').fill('GB123456789');
    await page.getByLabel('Cafe account code').fill('211');
    // A dated rate change (from next year): listed, and saved with the rest.
    await page.getByLabel('From', { exact: true }).fill(`${Number(today.slice(0, 4)) + 1}-01-01`);
    await page.getByLabel('Rate (%)').fill('5');
    await page.getByRole('button', { name: 'Add rate change' }).click();
    await page.getByText(`Admission at 5% from ${Number(today.slice(0, 4)) + 1}-01-01`).waitFor();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved (version 1).').waitFor();
    await expect(page.getByLabel('Cafe account code').inputValue()).resolves.toBe('211');
    await page.getByText(`Admission at 5% from ${Number(today.slice(0, 4)) + 1}-01-01`).waitFor();

    // This quarter's VAT: the £9.50 visit at 20% (VAT £1.58).
    const vat = page.getByRole('region', { name: /^VAT summary/ });
    await vat.getByText('£1.58').first().waitFor();
    await expect(vat.getByRole('row', { name: /20%/ }).textContent()).resolves.toContain('£9.50');

    for (const basis of ['cash', 'accrual'] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: `Journal, ${basis} basis (CSV)` }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^play-time-barn-journal-${basis}-\\d{4}-\\d\\d-01-to-`));
      const text = readFileSync((await download.path())!).toString('utf8');
      expect(text).toContain(
        '*Narration,*Date,Description,*AccountCode,*TaxRate,*Amount,TrackingName1,TrackingOption1\r\n',
      );
      expect(text).toContain(basis === 'cash' ? 'Admission at 20%' : 'Deferred: Admission at 20%');
    }
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, 'accounts-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});
