import type { Page } from 'playwright-core';

export type StaffPage = { label: string; tab: string; adminOnly?: boolean };
export type StaffSection = { label: string; area: string; pages: StaffPage[] };

/**
 * The staff area as a person finds it (issue 37): sections by the work, each with its pages, in order;
 * `area` and `tab` are the addresses' ?area= and ?tab=. Written out here, not read from the app, so a
 * page moved or lost fails the tests.
 */
export const staffSections: StaffSection[] = [
  {
    label: 'The day',
    area: 'the-day',
    pages: [
      { label: 'Overview', tab: 'overview' },
      { label: 'Checked In', tab: 'checked-in' },
      { label: "Today's Bookings", tab: 'todays-bookings' },
    ],
  },
  {
    label: 'Bookings & customers',
    area: 'bookings',
    pages: [
      { label: 'Bookings', tab: 'bookings' },
      { label: 'Customer Search', tab: 'customer-search' },
      { label: 'Members', tab: 'members' },
      { label: 'Booking Calendar', tab: 'booking-calendar' },
    ],
  },
  {
    label: 'Inquiries & parties',
    area: 'parties',
    pages: [
      { label: 'Inquiries', tab: 'inquiries' },
      { label: 'Birthday Parties', tab: 'birthday-parties' },
      { label: 'Booked Parties', tab: 'parties' },
    ],
  },
  {
    label: 'Sales & vouchers',
    area: 'sales',
    pages: [
      { label: 'Loyalty Vouchers', tab: 'vouchers' },
      { label: 'Gift Vouchers', tab: 'gift-vouchers' },
      { label: 'Special Events', tab: 'events' },
    ],
  },
  { label: 'Venue', area: 'venue', pages: [{ label: 'Venue', tab: 'venue', adminOnly: true }] },
  {
    label: 'Administration',
    area: 'administration',
    pages: [
      { label: 'Staff & Devices', tab: 'staff' },
      { label: 'Audit Log', tab: 'audit-log', adminOnly: true },
      { label: 'Data requests', tab: 'data-requests', adminOnly: true },
      { label: 'Exports', tab: 'exports', adminOnly: true },
      { label: 'Mail', tab: 'mail' },
    ],
  },
  // Issue 50: takings the accountant can file.
  { label: 'Accounts', area: 'accounts', pages: [{ label: 'VAT & journal', tab: 'vat-and-journal', adminOnly: true }] },
];

export const staffNav = (page: Page) => page.getByRole('navigation', { name: 'Staff area' });

/** The section a page is in. */
export function sectionOf(pageLabel: string): StaffSection {
  const section = staffSections.find((s) => s.pages.some((p) => p.label === pageLabel));
  if (!section) throw new Error(`No staff page "${pageLabel}"`);
  return section;
}

/**
 * The navigation's link marked as the open page, found by its address: a section of one page (Venue) has
 * no row of pages, so its own link is the page's, and on a phone it sits in the closed menu, hidden.
 */
export function openPageLink(page: Page, pageLabel: string) {
  const section = sectionOf(pageLabel);
  const { tab } = section.pages.find((p) => p.label === pageLabel)!;
  const href = section.pages.length === 1 ? `/admin?area=${section.area}` : `/admin?tab=${tab}`;
  return staffNav(page).locator(`a[href="${href}"][aria-current="page"]`);
}

/** Opens a section from the navigation: from the section menu on a narrow screen, from the row on a wide one. */
export async function openStaffSection(page: Page, sectionLabel: string) {
  const nav = staffNav(page);
  await nav.waitFor();
  const menu = nav.getByRole('button', { name: /^Section/ });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await nav.getByRole('link', { name: sectionLabel, exact: true }).click();
  const { area } = staffSections.find((s) => s.label === sectionLabel)!;
  await nav.locator(`a[href="/admin?area=${area}"][aria-current]`).waitFor({ state: 'attached' }); // the menu closes on a phone
}

/**
 * Opens a staff page from the navigation as a person would: straight from the row of pages when it is
 * in the open section, else its section first. Resolves once the navigation marks it as the page open.
 */
export async function openStaffPage(page: Page, pageLabel: string) {
  const nav = staffNav(page);
  await nav.waitFor();
  const section = sectionOf(pageLabel);
  const link = nav.getByRole('list', { name: section.label }).getByRole('link', { name: pageLabel, exact: true });
  if (section.pages.length === 1 || !(await link.isVisible())) await openStaffSection(page, section.label);
  if (section.pages.length > 1) await link.click();
  await openPageLink(page, pageLabel).waitFor({ state: 'attached' });
}
