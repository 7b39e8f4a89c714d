import type { APIRequestContext, Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { loyaltyMembers, loyaltyVouchers } from '../../src/server/db/schema';
import { todayInLondon } from '../../src/shared/dates';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot, type ViewportName } from './support/browser';
import { useServerAndBrowser } from './support/suite';
import { toastText } from './support/staff';
import { openStaffPage, staffNav } from './support/staff-nav';

const ADMIN_PASSWORD = 'e2e admin password 2025';
const NEW_ADMIN_PASSWORD = 'lemon drizzle on tuesdays';
const PASSWORD = 'bramble jelly on toast';

describe('staff accounts, devices, vouchers and the audit log', () => {
  const suite = useServerAndBrowser({ ADMIN_PASSWORD });
  let adminPassword = ADMIN_PASSWORD;

  beforeAll(async () => {
    // A family's loyalty vouchers, written directly with the server stopped (PGlite is one process).
    await suite.server.halt();
    const database = await openDatabase({ dataDir: suite.server.dataDir });
    const [member] = await database.db
      .insert(loyaltyMembers)
      .values({ email: 'vera@example.com', name: 'Vera Voucher' })
      .returning();
    await database.db.insert(loyaltyVouchers).values([
      { code: 'PTB-DRNK-T4BL', memberId: member!.id, rewardId: 'free-hot-drink', pointsCost: 50 },
      { code: 'PTB-DRNK-D3SK', memberId: member!.id, rewardId: 'free-hot-drink', pointsCost: 50 },
    ]);
    await database.close();
    await suite.server.restart();
  });

  const post = async (request: APIRequestContext, url: string, data: unknown) =>
    request.post(`${suite.server.url}${url}`, { data });
  const signIn = async (request: APIRequestContext, username: string, password: string) =>
    (await post(request, '/api/staff/sign-in', { username, password })).status();
  const me = async (request: APIRequestContext) =>
    (await (await request.get(`${suite.server.url}/api/staff/me`)).json()) as { signedIn: boolean; kind?: string };

  /** A browser signed in as the admin, on the given tab. */
  async function adminOn(browser: Browser, viewport: ViewportName, tab: string) {
    const opened = await openPage(browser, viewport);
    expect(await signIn(opened.context.request, 'admin', adminPassword)).toBe(200);
    await opened.page.goto(`${suite.server.url}/admin?tab=${tab}`);
    return opened;
  }

  it('tablet: adds an account, ends its kiosk device, resets its password, deactivates it; changes own password', async () => {
    const { page, context, errors } = await adminOn(suite.browser, 'tablet', 'staff');
    await page.getByRole('heading', { name: 'Staff & Devices' }).waitFor();
    await page.getByText('(admin)', { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    // Add an account: a common password is refused by the server, with the reason on the field.
    const form = page.getByRole('form', { name: 'Add an account' });
    await form.getByLabel('Name', { exact: true }).fill('Jo Smith');
    await form.getByLabel('Username').fill('jo.smith');
    await form.getByLabel('First password').fill('sunshine2024');
    await form.getByRole('button', { name: 'Add account' }).click();
    await form.getByText('Too easy to guess: it is one of the most common passwords').waitFor();
    await form.getByLabel('First password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Add account' }).click();
    await toastText(page, 'Account added');
    const jo = page.getByRole('listitem').filter({ hasText: '(jo.smith)' });
    await jo.getByText('Added by admin').waitFor();

    // Jo turns a tablet into the kiosk: it shows by its name.
    const tablet = await suite.browser.newContext();
    expect(await signIn(tablet.request, 'jo.smith', PASSWORD)).toBe(200);
    expect((await post(tablet.request, '/api/staff/kiosk-mode', { label: 'Foyer tablet' })).status()).toBe(200);
    await page.getByRole('button', { name: 'Refresh' }).click();
    const device = page.getByRole('listitem').filter({ hasText: 'Foyer tablet' });
    await device.getByText('Started by Jo Smith (jo.smith)').waitFor();
    await screenshot(page, 'staff-accounts-tablet');

    // End the device.
    await device.getByRole('button', { name: 'End device Foyer tablet' }).click();
    const endDialog = page.getByRole('dialog', { name: 'End this kiosk device?' });
    await expectNoAxeViolations(page);
    await endDialog.getByRole('button', { name: 'End device' }).click();
    await toastText(page, 'Device ended');
    await device.waitFor({ state: 'detached' });
    expect(await me(tablet.request)).toEqual({ signedIn: false });

    // Reset Jo's password: the old one stops working.
    const joPhone = await suite.browser.newContext();
    expect(await signIn(joPhone.request, 'jo.smith', PASSWORD)).toBe(200);
    await jo.getByRole('button', { name: 'Reset password for Jo Smith' }).click();
    const resetDialog = page.getByRole('dialog', { name: "Reset Jo Smith's password" });
    await resetDialog.getByLabel('New password').fill('jo.smith-2026');
    await resetDialog.getByRole('button', { name: 'Reset password' }).click();
    await resetDialog.getByText('Too easy to guess: it contains the username').waitFor();
    await screenshot(page, 'staff-accounts-reset-dialog-tablet');
    await resetDialog.getByLabel('New password').fill('marmalade at the seaside');
    await resetDialog.getByRole('button', { name: 'Reset password' }).click();
    await toastText(page, 'Password reset');
    expect(await me(joPhone.request)).toEqual({ signedIn: false });
    expect(await signIn(joPhone.request, 'jo.smith', PASSWORD)).toBe(401);
    expect(await signIn(joPhone.request, 'jo.smith', 'marmalade at the seaside')).toBe(200);

    // Deactivate Jo: the live session is refused at its next request.
    await jo.getByRole('button', { name: 'Deactivate Jo Smith' }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate this account?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await toastText(page, 'Account deactivated');
    await jo.getByText('Deactivated', { exact: true }).waitFor();
    const refused = await joPhone.request.get(`${suite.server.url}/api/admin/todays-bookings`);
    expect(refused.status()).toBe(401);
    expect(await signIn(joPhone.request, 'jo.smith', 'marmalade at the seaside')).toBe(401);

    // Change my own password: the wrong current one is refused on its field.
    const own = page.getByRole('form', { name: 'Change your password' });
    await own.getByLabel('Current password').fill('not my password');
    await own.getByLabel('New password', { exact: true }).fill(NEW_ADMIN_PASSWORD);
    await own.getByLabel('New password again').fill(NEW_ADMIN_PASSWORD);
    await own.getByRole('button', { name: 'Change password' }).click();
    await own.getByText('Your current password is not right').waitFor();
    await own.getByLabel('Current password').fill(ADMIN_PASSWORD);
    await own.getByRole('button', { name: 'Change password' }).click();
    await toastText(page, 'Password changed');
    adminPassword = NEW_ADMIN_PASSWORD;
    expect(await me(context.request)).toMatchObject({ signedIn: true, kind: 'staff' });
    await screenshot(page, 'staff-accounts-after-tablet');
    await expectNoAxeViolations(page);
    expect(errors.filter((e) => !/status of 40[019]/.test(e))).toEqual([]);
    await Promise.all([tablet.close(), joPhone.close(), context.close()]);
  });

  it('tablet: reads the audit log filtered by person and date', async () => {
    const { page, context } = await adminOn(suite.browser, 'tablet', 'audit-log');
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    await page.getByText('Changes by everyone').waitFor();
    const today = todayInLondon(new Date());
    const filters = page.getByRole('form', { name: 'Filter the audit log' });
    await filters.getByLabel('Person').fill('jo.smith');
    await filters.getByLabel('From').fill(today);
    await filters.getByLabel('To').fill(today);
    await filters.getByRole('button', { name: 'Show' }).click();
    await page.getByText(/^Changes by jo\.smith on /).waitFor();
    await page.getByText('Started kiosk mode on a device').waitFor();
    await expect(page.getByText('Added a staff account').count()).resolves.toBe(0);

    await filters.getByLabel('Person').fill('admin');
    await filters.getByRole('button', { name: 'Show' }).click();
    const list = page.getByRole('list').last();
    await list.getByText('Changed their own password').waitFor();
    const actions = await list.getByRole('listitem').allTextContents();
    // Newest first: the last change of the first test comes first.
    expect(actions[0]).toContain('Changed their own password');
    for (const what of ['Deactivated a staff account', "Reset someone's password", 'Ended a kiosk device'])
      expect(
        actions.some((a) => a.includes(what)),
        what,
      ).toBe(true);
    expect(actions.at(-1)).toContain('Added a staff account');
    await screenshot(page, 'staff-accounts-audit-log-tablet');
    await expectNoAxeViolations(page);

    // A start after the end is caught on the form.
    await filters.getByLabel('From').fill('2026-12-31');
    await filters.getByLabel('To').fill('2026-12-01');
    await filters.getByRole('button', { name: 'Show' }).click();
    await filters.getByText('The start date is after the end date').waitFor();
    await context.close();
  });

  it('tablet: checks a voucher code and marks it used once', async () => {
    const { page, context } = await adminOn(suite.browser, 'tablet', 'vouchers');
    await page.getByRole('heading', { name: 'Vouchers', exact: true }).waitFor();
    await page.getByLabel('Voucher code').fill('ptb drnk t4bl');
    await page.getByRole('button', { name: 'Check code' }).click();
    await page.getByText('Not used yet').waitFor();
    await page.getByRole('button', { name: 'Mark as used' }).click();
    await toastText(page, 'Voucher used');
    await page.getByText('Used', { exact: true }).waitFor();
    await expect(page.getByRole('button', { name: 'Mark as used' }).count()).resolves.toBe(0);
    await screenshot(page, 'staff-accounts-voucher-tablet');
    await expectNoAxeViolations(page);
    const again = await post(context.request, '/api/admin/vouchers/PTB-DRNK-T4BL/use', {});
    expect(again.status()).toBe(409);
    await page.getByLabel('Voucher code').fill('PTB-NONE-0000');
    await page.getByRole('button', { name: 'Check code' }).click();
    await page.getByText('There is no voucher with that code. Please check it and try again.').waitFor();
    await context.close();
  });

  it('desktop: the same screens, and a member of staff sees only their own password and no audit log', async () => {
    const { page, context } = await adminOn(suite.browser, 'desktop', 'staff');
    await page.getByRole('heading', { name: 'Kiosk devices' }).waitFor();
    await page.getByRole('listitem').filter({ hasText: '(jo.smith)' }).getByText('Deactivated').waitFor();
    await screenshot(page, 'staff-accounts-desktop');
    await expectNoAxeViolations(page);
    await openStaffPage(page, 'Audit Log');
    await page.getByText('Changed their own password').first().waitFor();
    await screenshot(page, 'staff-accounts-audit-log-desktop');
    await openStaffPage(page, 'Loyalty Vouchers');
    await page.getByLabel('Voucher code').fill('PTB-DRNK-D3SK');
    await page.getByRole('button', { name: 'Check code' }).click();
    await page.getByText('Not used yet').waitFor();
    await screenshot(page, 'staff-accounts-voucher-desktop');
    await expectNoAxeViolations(page);

    const added = await post(context.request, '/api/staff/accounts', {
      username: 'sam.staff',
      displayName: 'Sam Staff',
      role: 'staff',
      password: PASSWORD,
    });
    expect(added.status()).toBe(201);
    const staff = await openPage(suite.browser, 'desktop');
    expect(await signIn(staff.context.request, 'sam.staff', PASSWORD)).toBe(200);
    await staff.page.goto(`${suite.server.url}/admin?tab=staff`);
    await staff.page.getByRole('form', { name: 'Change your password' }).waitFor();
    await expect(staff.page.getByRole('heading', { name: 'Staff accounts' }).count()).resolves.toBe(0);
    await expect(staffNav(staff.page).getByRole('link', { name: 'Mail', exact: true }).count()).resolves.toBe(1); // the nav is drawn
    await expect(staffNav(staff.page).getByRole('link', { name: 'Audit Log', exact: true }).count()).resolves.toBe(0);
    await screenshot(staff.page, 'staff-accounts-staff-member-desktop');
    await expectNoAxeViolations(staff.page);
    await Promise.all([staff.context.close(), context.close()]);
  });
});
