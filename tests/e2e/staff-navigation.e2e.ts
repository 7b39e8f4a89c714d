import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot, type ViewportName } from './support/browser';
import { expectFocused, missingFocusRing, tabTo } from './support/keyboard';
import { reflowProblems } from './support/reflow';
import { signInStaff } from './support/staff';
import {
  openPageLink,
  openStaffPage,
  openStaffSection,
  staffNav,
  staffSections,
  type StaffPage,
} from './support/staff-nav';
import { useServerAndBrowser } from './support/suite';

const ADMIN_PASSWORD = 'e2e admin password 2025';
const STAFF_PASSWORD = 'bramble jelly on toast';

/** What shows once each page's panel is there (its own heading, or the search's field). */
const panelOf: Record<string, (page: Page) => Locator> = {
  overview: (p) => p.getByRole('heading', { name: 'Today and this week', level: 2 }),
  'checked-in': (p) => p.getByRole('heading', { name: 'In the barn now', level: 2 }),
  'todays-bookings': (p) => p.locator('#todays-heading'),
  bookings: (p) => p.getByRole('heading', { name: 'Bookings', exact: true, level: 2 }),
  'customer-search': (p) => p.getByLabel('Customer name'),
  members: (p) => p.getByRole('heading', { name: 'Members', exact: true, level: 2 }),
  'booking-calendar': (p) => p.getByRole('heading', { name: 'Booking Calendar', level: 2 }),
  inquiries: (p) => p.getByRole('heading', { name: 'Customer Inquiries', level: 2 }),
  'birthday-parties': (p) => p.getByRole('heading', { name: 'Birthday Party Inquiries', level: 2 }),
  parties: (p) => p.getByRole('heading', { name: 'Parties', exact: true, level: 2 }),
  vouchers: (p) => p.getByRole('heading', { name: 'Vouchers', exact: true, level: 2 }),
  'gift-vouchers': (p) => p.getByRole('heading', { name: 'Gift vouchers', exact: true, level: 2 }),
  events: (p) => p.getByRole('heading', { name: 'Special Events', exact: true, level: 2 }),
  venue: (p) => p.getByRole('heading', { name: 'Venue', exact: true, level: 2 }),
  staff: (p) => p.getByRole('heading', { name: 'Staff & Devices', level: 2 }),
  'audit-log': (p) => p.getByRole('heading', { name: 'Audit Log', level: 2 }),
  'data-requests': (p) => p.getByRole('heading', { name: 'Data requests', level: 2 }),
  exports: (p) => p.getByRole('heading', { name: 'Exports', level: 2 }),
  mail: (p) => p.getByRole('heading', { name: 'Mail Outbox', level: 2 }),
  'vat-and-journal': (p) => p.getByRole('heading', { name: 'Accounts', exact: true, level: 2 }),
};

/** The page's panel is shown, done loading, and the navigation marks the page as the one open. */
async function shows(page: Page, staffPage: StaffPage) {
  await panelOf[staffPage.tab]!(page).waitFor();
  await openPageLink(page, staffPage.label).waitFor({ state: 'attached' });
  await expect
    .poll(
      () =>
        page
          .getByRole('status')
          .filter({ hasText: /^Loading/ })
          .count(),
      { timeout: 20_000 },
    )
    .toBe(0);
}

const sectionLinks = (page: Page) =>
  staffNav(page)
    .getByRole('link')
    .evaluateAll((links) => links.filter((a) => !a.closest('ul[aria-label]')).map((a) => a.firstChild?.textContent));
const pageLinks = (page: Page, section: string) =>
  staffNav(page).getByRole('list', { name: section }).getByRole('link').allTextContents();

describe('staff navigation (issue 37)', () => {
  const suite = useServerAndBrowser({ ADMIN_PASSWORD });
  const signedIn = async (viewport: ViewportName, username = 'admin', password = ADMIN_PASSWORD) => {
    const opened = await openPage(suite.browser, viewport);
    await signInStaff(opened.context, suite.server.url, password, username);
    return opened;
  };

  for (const [viewport, size] of [
    ['desktop', '1280'],
    ['phone390', '390'],
  ] as const) {
    it(`${size} px: opens every section and page from the navigation, each fitting the screen, axe clean`, async () => {
      const { page, context, errors } = await signedIn(viewport);
      await page.goto(`${suite.server.url}/admin`);
      await shows(page, staffSections[0]!.pages[0]!);
      const menu = staffNav(page).getByRole('button', { name: /^Section/ });
      if (viewport === 'phone390') {
        // One menu button for the sections; the pages of the open one below it.
        await expect(menu.textContent()).resolves.toBe('SectionThe day');
        await menu.click();
        await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
        await screenshot(page, 'staff-nav-menu-390');
        await expectNoAxeViolations(page);
        // Each section says what it holds.
        const parties = staffNav(page).getByRole('link', { name: 'Inquiries & parties', exact: true });
        const holds = page.locator(`[id="${await parties.getAttribute('aria-describedby')}"]`);
        await expect(holds.innerText()).resolves.toBe('Inquiries\u00a0· Birthday Parties\u00a0· Booked Parties');
      } else {
        await expect(menu.isVisible()).resolves.toBe(false);
      }
      expect(await sectionLinks(page)).toEqual(staffSections.map((s) => s.label));

      for (const section of staffSections) {
        await openStaffSection(page, section.label);
        expect(page.url()).toBe(`${suite.server.url}/admin?area=${section.area}`);
        await shows(page, section.pages[0]!);
        if (section.pages.length > 1) {
          await expect(pageLinks(page, section.label)).resolves.toEqual(section.pages.map((p) => p.label));
        }
        for (const staffPage of section.pages) {
          await openStaffPage(page, staffPage.label);
          if (section.pages.length > 1) expect(page.url()).toBe(`${suite.server.url}/admin?tab=${staffPage.tab}`);
          await shows(page, staffPage);
          await expect(reflowProblems(page)).resolves.toEqual([]);
          await screenshot(page, `staff-nav-${staffPage.tab}-${size}`);
          await expectNoAxeViolations(page);
        }
      }
      // Every control of the navigation is at least 44 px tall and wide (WCAG 2.5.8, with room to spare).
      if (viewport === 'phone390') await menu.click();
      const small = await staffNav(page)
        .locator('a, button')
        .evaluateAll((els) =>
          els
            .map((el) => ({ text: el.textContent, r: el.getBoundingClientRect() }))
            .filter(({ r }) => r.width > 0 && (r.width < 44 || r.height < 44))
            .map(({ text, r }) => `${text} ${Math.round(r.width)}x${Math.round(r.height)}`),
        );
      expect(small).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 300_000);
  }

  it('opens each page and section from its address, and every older /admin?tab= address', async () => {
    const { page, context, errors } = await signedIn('desktop');
    for (const section of staffSections) {
      await page.goto(`${suite.server.url}/admin?area=${section.area}`);
      await shows(page, section.pages[0]!);
      for (const staffPage of section.pages) {
        await page.goto(`${suite.server.url}/admin?tab=${staffPage.tab}`);
        await shows(page, staffPage);
      }
    }
    // The Venue page's own sections stay in the same address.
    await page.goto(`${suite.server.url}/admin?tab=venue&section=venue-menu`);
    await page.getByRole('tab', { name: 'Cafe menu', selected: true }).waitFor();
    // An address that names no page opens the landing page, Overview.
    await page.goto(`${suite.server.url}/admin?tab=nothing-here`);
    await shows(page, staffSections[0]!.pages[0]!);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the back button returns to the page before, across sections (390 px)', async () => {
    const { page, context, errors } = await signedIn('phone390');
    const at = (label: string) =>
      shows(
        page,
        staffSections.flatMap((s) => s.pages).find((p) => p.label === label)!,
      );
    await page.goto(`${suite.server.url}/admin?tab=checked-in`);
    await at('Checked In');
    await openStaffPage(page, 'Booking Calendar'); // its section first (at its first page, Bookings), then the page
    await at('Booking Calendar');
    await openStaffPage(page, 'Gift Vouchers'); // the same, by Sales & vouchers
    await at('Gift Vouchers');
    const steps: [string, string][] = [
      ['Loyalty Vouchers', '?area=sales'],
      ['Booking Calendar', '?tab=booking-calendar'],
      ['Bookings', '?area=bookings'],
      ['Checked In', '?tab=checked-in'],
    ];
    for (const [label, address] of steps) {
      await page.goBack();
      await at(label);
      expect(page.url()).toBe(`${suite.server.url}/admin${address}`);
    }
    await page.goForward();
    await at('Bookings');
    // Following the link to the page already open adds no step to go back through.
    await staffNav(page).getByRole('link', { name: 'Bookings', exact: true }).click();
    await page.waitForURL(/\?tab=bookings$/);
    await page.goBack();
    await at('Checked In');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keyboard: the menu opens, Escape closes it, and each link shows its focus (390 px)', async () => {
    const { page, context } = await signedIn('phone390');
    await page.goto(`${suite.server.url}/admin?tab=mail`);
    await shows(page, staffSections[5]!.pages[4]!);
    const nav = staffNav(page);
    const menu = nav.getByRole('button', { name: /^Section/ });
    await tabTo(page, menu);
    await page.keyboard.press('Enter');
    await tabTo(page, nav.getByRole('link', { name: 'Sales & vouchers', exact: true }));
    await page.keyboard.press('Escape');
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    await expectFocused(menu);
    await page.keyboard.press('Enter');
    await tabTo(page, nav.getByRole('link', { name: 'Sales & vouchers', exact: true }));
    await page.keyboard.press('Enter');
    await shows(page, staffSections[3]!.pages[0]!);
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    await tabTo(page, nav.getByRole('link', { name: 'Gift Vouchers', exact: true }));
    await expect(missingFocusRing(page)).resolves.toBeNull();
    await page.keyboard.press('Enter');
    await shows(page, staffSections[3]!.pages[1]!);
    await context.close();
  });

  it('staff who are not admins see no admin-only page, nor the Venue section', async () => {
    const admin = await signedIn('desktop');
    const added = await admin.context.request.post(`${suite.server.url}/api/staff/accounts`, {
      data: { username: 'nav.staff', displayName: 'Nav Staff', role: 'staff', password: STAFF_PASSWORD },
    });
    expect(added.status()).toBe(201);
    await admin.context.close();

    const { page, context } = await signedIn('desktop', 'nav.staff', STAFF_PASSWORD);
    await page.goto(`${suite.server.url}/admin?area=administration`);
    const shown = staffSections
      .map((s) => ({ ...s, pages: s.pages.filter((p) => !p.adminOnly) }))
      .filter((s) => s.pages.length > 0);
    await shows(page, shown.at(-1)!.pages[0]!);
    expect(await sectionLinks(page)).toEqual(shown.map((s) => s.label));
    await expect(pageLinks(page, 'Administration')).resolves.toEqual(['Staff & Devices', 'Mail']);
    // An admin's address opens the landing page instead.
    await page.goto(`${suite.server.url}/admin?tab=audit-log`);
    await shows(page, staffSections[0]!.pages[0]!);
    await page.goto(`${suite.server.url}/admin?area=venue`);
    await shows(page, staffSections[0]!.pages[0]!);
    await screenshot(page, 'staff-nav-staff-member-1280');
    await expectNoAxeViolations(page);
    await context.close();
  });
});
