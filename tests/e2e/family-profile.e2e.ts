import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../src/server/testing/smtp-sink';
import { expectNoAxeViolations } from './support/axe';
import { launchBrowser, openPage, screenshot, type ViewportName } from './support/browser';
import { londonDatePlus } from './support/dates';
import { confirmEmailOnPage } from './support/family-mail';
import { startServer, type RunningServer } from './support/server';
import { signInStaff, toastText } from './support/staff';
import { expectFocused } from './support/keyboard';

const ADMIN_PASSWORD = 'e2e admin password 2025';
const CONSENT = 'E-mail me about a party about six weeks before a birthday';
const ACCEPT = 'I have read and accept the rules of play for the children ticked';

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'no horizontal overflow').toBeLessThanOrEqual(client);
}

/** Every button, link, text field and checkbox label on the page is at least 44 px tall (WCAG 2.5.5). */
async function expectTallTargets(page: Page) {
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('main button, main a, main input:not([type=checkbox]), main textarea, main label')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (!r.width || el.closest('.sr-only')) return false;
        // A label wrapping its checkbox is the target; a label above a text field is not.
        if (el.tagName === 'LABEL' && !el.querySelector('input[type=checkbox]')) return false;
        // A link inside a sentence is exempt (WCAG 2.5.8 "inline").
        if (el.tagName === 'A' && el.closest('p')) return false;
        return r.height < 44;
      })
      .map((el) => `${el.tagName} ${(el.textContent || el.id).trim().slice(0, 40)}`),
  );
  expect(small).toEqual([]);
}

describe('the Family page of My Bookings (issue 39)', () => {
  const suite = {} as { server: RunningServer; browser: Browser; sink: Awaited<ReturnType<typeof startSmtpSink>> };
  beforeAll(async () => {
    suite.sink = await startSmtpSink();
    suite.server = await startServer({ SMTP_URL: suite.sink.url, ADMIN_PASSWORD });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    await suite.sink?.close();
  });

  /** What an admin does in the catalogue: a new version of the rules of play, in force from today. */
  async function publishNewRules(admin: BrowserContext, text: string) {
    const url = `${suite.server.url}/api/admin/catalogue/agreement`;
    const { versions } = (await (await admin.request.get(url)).json()) as { versions: { version: number }[] };
    const res = await admin.request.patch(url, {
      data: { version: versions[0]!.version, text, effectiveFrom: londonDatePlus(0) },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  for (const viewport of ['desktop', 'phone390'] as ViewportName[]) {
    it(`a family adds two children, ticks the reminders, accepts the rules of play, and is asked again when they change (${viewport})`, async () => {
      const email = `carter.${viewport}@example.com`;
      const { page, context, errors } = await openPage(suite.browser, viewport);

      // From My Bookings, the Family tab; signed out, the same e-mailed code as My Bookings.
      await page.goto(`${suite.server.url}/my-bookings`);
      await page.getByRole('navigation', { name: 'My Bookings' }).getByRole('link', { name: 'Family' }).click();
      await page.waitForURL(`${suite.server.url}/my-bookings/family`);
      await page.getByRole('heading', { level: 1, name: 'Family' }).waitFor();
      await page.getByRole('heading', { name: 'Confirm your e-mail to see your family' }).waitFor();
      // After an in-app navigation the title comes with the page-texts chunk (docs/decisions/014): axe's
      // document-title rule fails if it runs first on a slow machine.
      await expect.poll(() => page.title()).toMatch(/^Your Family \|/);
      await screenshot(page, `family-signed-out-${viewport}`);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      await confirmEmailOnPage(page, suite.sink.received, { idPrefix: 'family', email });
      await page.getByText(`Confirmed as ${email}`).waitFor();
      await page.getByRole('heading', { name: 'Family details' }).waitFor();
      await page.getByText('Add your children to your family above').waitFor();

      await page.getByLabel('Grown-up 1: name').fill('Sam Carter');
      await page.getByLabel('Grown-up 1: phone').fill('07700 900456');
      await page.getByRole('button', { name: 'Add a child' }).click();
      await page.getByLabel('First name').nth(0).fill('Maisie');
      await page.getByLabel('Date of birth').nth(0).fill('2020-08-12');
      await page.getByLabel('Notes (optional)').nth(0).fill('Nut allergy: carries an EpiPen');
      await page.getByRole('button', { name: 'Add a child' }).click();
      await page.getByLabel('First name').nth(1).fill('Alfie');
      // A birthday in the future: the server's message shows under the field, tied to it.
      await page.getByLabel('Date of birth').nth(1).fill(londonDatePlus(10));
      await page.getByLabel('Notes (optional)').nth(1).fill('Ear defenders for loud noise');
      // A child added by mistake: the new row's first name has the focus; removed, "Add a child" has it.
      await page.getByRole('button', { name: 'Add a child' }).click();
      await expect
        .poll(() =>
          page
            .getByLabel('First name')
            .nth(2)
            .evaluate((el) => el === document.activeElement),
        )
        .toBe(true);
      await page.getByRole('button', { name: 'Remove child 3' }).click();
      await expect(page.getByTestId('family-child').count()).resolves.toBe(2);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Add a child');
      const consent = page.getByLabel(CONSENT);
      expect(await consent.isChecked()).toBe(false);
      await consent.check();
      await page.getByRole('button', { name: 'Save family details' }).click();
      await page.getByText('A date of birth cannot be in the future').waitFor();
      const dob = page.getByLabel('Date of birth').nth(1);
      expect(await dob.getAttribute('aria-invalid')).toBe('true');
      await expectFocused(dob);
      expect(
        await dob.evaluate((el) =>
          (el.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent)
            .join(' '),
        ),
      ).toContain('A date of birth cannot be in the future');
      await screenshot(page, `family-field-error-${viewport}`);
      await expectNoAxeViolations(page);

      await dob.fill('2023-03-01');
      await page.getByRole('button', { name: 'Save family details' }).click();
      await toastText(page, 'Family details saved');

      // Reloaded, the profile is as saved (children by date of birth, oldest first).
      await page.reload();
      await page.getByRole('heading', { name: 'Family details' }).waitFor();
      expect(await page.getByLabel('Grown-up 1: name').inputValue()).toBe('Sam Carter');
      expect(await page.getByLabel('Grown-up 1: phone').inputValue()).toBe('07700 900456');
      expect(
        await page.getByLabel('First name').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
      ).toEqual(['Maisie', 'Alfie']);
      expect(await page.getByLabel('Date of birth').nth(1).inputValue()).toBe('2023-03-01');
      expect(await page.getByLabel('Notes (optional)').nth(0).inputValue()).toBe('Nut allergy: carries an EpiPen');
      expect(await page.getByLabel('Notes (optional)').nth(0).getAttribute('aria-describedby')).toMatch(/-notes-hint$/);
      expect(await page.getByLabel(CONSENT).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Remove Alfie' }).waitFor();
      await screenshot(page, `family-saved-${viewport}`);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await expectTallTargets(page);

      // The profile saved elsewhere meanwhile: this page's save is refused, and Reload shows the latest.
      const now = (await (await context.request.get(`${suite.server.url}/api/family/profile`)).json()) as {
        version: number;
        children: unknown[];
        adults: unknown[];
      };
      const elsewhere = await context.request.put(`${suite.server.url}/api/family/profile`, {
        data: { ...now, adults: [{ name: 'Sam Carter', phone: '07700 900999' }], birthdayReminders: true },
      });
      expect(elsewhere.status(), await elsewhere.text()).toBe(200);
      await page.getByLabel('Grown-up 1: phone').fill('07700 111111');
      await page.getByRole('button', { name: 'Save family details' }).click();
      const stale = page.getByRole('alert').filter({ hasText: 'Your family details were changed somewhere else.' });
      await stale.waitFor();
      await screenshot(page, `family-stale-${viewport}`);
      await expectNoAxeViolations(page);
      await stale.getByRole('button', { name: 'Reload the details' }).click();
      await toastText(page, 'Family details reloaded');
      await expect.poll(() => page.getByLabel('Grown-up 1: phone').inputValue()).toBe('07700 900999');
      await expect(stale.count()).resolves.toBe(0);

      // The rules of play: the text in force, who still needs them, and the form.
      const rules = page.getByRole('region', { name: 'Rules of play' });
      // (the desktop run, first, has published version 2 by the time the phone's runs)
      const inForce = (await (await context.request.get(`${suite.server.url}/api/agreement`)).json()) as {
        version: number;
        text: string;
      };
      await rules.getByText(`Version ${inForce.version}, in force from`, { exact: false }).waitFor();
      await rules.getByText('socks', { exact: false }).first().waitFor();
      await rules.getByTestId('children-to-accept').getByText('Maisie and Alfie').waitFor();
      // Not ticked: the server's message under the tick.
      await rules.getByLabel('Your full name').fill('Sam Carter');
      await rules.getByRole('button', { name: 'Accept the rules of play' }).click();
      await rules.getByText('Please tick to accept the rules of play').waitFor();
      await rules.getByText('Choose the children it is for').waitFor();
      expect(await rules.getByLabel(ACCEPT).getAttribute('aria-describedby')).toBe('accept-tick-error');
      await expectNoAxeViolations(page);
      await rules.getByLabel('Maisie', { exact: true }).check();
      await rules.getByLabel('Alfie', { exact: true }).check();
      await rules.getByLabel(ACCEPT).check();
      await rules.getByRole('button', { name: 'Accept the rules of play' }).click();
      await toastText(page, 'Rules of play accepted');
      await rules.getByText('Accepted for all your children.', { exact: false }).waitFor();
      const record = rules.getByTestId('acceptance');
      await expect(record.count()).resolves.toBe(1);
      await record
        .getByRole('heading', {
          name: new RegExp(`^Version ${inForce.version}, accepted \\d{1,2} \\w+ \\d{4} at \\d\\d:\\d\\d$`),
        })
        .waitFor();
      await record.getByText('Maisie and Alfie').waitFor();
      await record.getByText('Sam Carter').waitFor();
      await record.getByText('In force').waitFor();
      await screenshot(page, `family-accepted-${viewport}`);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);
      await expectTallTargets(page);

      // Print: the browser's dialog for this one record, the rest of the page left off the paper.
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed++;
        };
      });
      await record.getByRole('button', { name: /^Print/ }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('heading', { name: 'Family details' }).isVisible()).toBe(false);
      // (by test id: getByRole leaves out the region around it, hidden on paper)
      const printed = page.getByTestId('acceptance');
      expect(await printed.getByText('rules of play acceptance', { exact: false }).isVisible()).toBe(true);
      expect(
        await printed
          .getByText(`The rules of play accepted (version ${inForce.version})`, { exact: false })
          .isVisible(),
      ).toBe(true);
      expect(await printed.getByRole('button', { name: /^Print/ }).isVisible()).toBe(false);
      await screenshot(page, `family-print-${viewport}`);
      await page.emulateMedia({ media: 'screen' });
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));

      // An admin publishes new rules: the old acceptance is kept, marked stale, and both children need the new one.
      const admin = await suite.browser.newContext();
      await signInStaff(admin, suite.server.url, ADMIN_PASSWORD);
      await publishNewRules(
        admin,
        `New rules of play (${viewport}): grown-ups supervise, socks on, no outside food, and no shoes on the frame.`,
      );
      await admin.close();
      await page.reload();
      await rules.getByText('no shoes on the frame', { exact: false }).waitFor();
      await rules.getByTestId('children-to-accept').getByText('Maisie and Alfie').waitFor();
      await record.getByText('Needs accepting again: the rules changed').waitFor();
      await record.getByRole('heading', { name: new RegExp(`^Version ${inForce.version}, accepted`) }).waitFor();
      await screenshot(page, `family-rules-changed-${viewport}`);
      await expectNoAxeViolations(page);
      await expectNoSidewaysScroll(page);

      expect(errors.filter((e) => !/status of (400|409)/.test(e))).toEqual([]);
      await context.close();
    });
  }
});
