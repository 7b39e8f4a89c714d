import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type AdminTab = {
  id: string;
  label: string;
  Panel: LazyExoticComponent<ComponentType>;
  /** Shown to admins only; the server refuses the tab's calls to anyone else anyway. */
  adminOnly?: boolean;
};

const panel = <T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name]! }));

/**
 * The dashboard's tabs, in SPEC.md's order ("Admin (/admin)"). Each panel is its own chunk, loaded when
 * its tab is first opened, and only the open panel is mounted, so only its list polls. The id is
 * what ?tab= holds in the address.
 */
export const adminTabs: AdminTab[] = [
  { id: 'overview', label: 'Overview', Panel: panel(() => import('./overview/overview-tab'), 'OverviewTab') },
  {
    id: 'checked-in',
    label: 'Checked In',
    Panel: panel(() => import('./check-ins/checked-in-tab'), 'CheckedInTab'),
  },
  {
    id: 'customer-search',
    label: 'Customer Search',
    Panel: panel(() => import('./payments/customer-search-tab'), 'CustomerSearchTab'),
  },
  {
    id: 'todays-bookings',
    label: "Today's Bookings",
    Panel: panel(() => import('./bookings/todays-bookings-tab'), 'TodaysBookingsTab'),
  },
  // DECISIONS.md "Running the day": find, open, resend and cancel any booking.
  {
    id: 'bookings',
    label: 'Bookings',
    Panel: panel(() => import('./booking-manager/booking-manager-tab'), 'BookingManagerTab'),
  },
  { id: 'inquiries', label: 'Inquiries', Panel: panel(() => import('./inquiries/inquiries-panel'), 'InquiriesPanel') },
  {
    id: 'birthday-parties',
    label: 'Birthday Parties',
    Panel: panel(() => import('./inquiries/birthday-parties-panel'), 'BirthdayPartiesPanel'),
  },
  // Issue 28: parties booked online, per room and week, with each party's sheet.
  { id: 'parties', label: 'Parties', Panel: panel(() => import('./parties/parties-tab'), 'PartiesTab') },
  {
    id: 'booking-calendar',
    label: 'Booking Calendar',
    Panel: panel(() => import('./calendar/booking-calendar-panel'), 'BookingCalendarPanel'),
  },
  // The outbox (DECISIONS.md "E-mail").
  { id: 'mail', label: 'Mail', Panel: panel(() => import('./mail/mail-outbox-panel'), 'MailOutboxPanel') },
  // DECISIONS.md "Staff accounts and devices": vouchers at the till, accounts and devices, the audit log.
  { id: 'vouchers', label: 'Vouchers', Panel: panel(() => import('./vouchers/vouchers-tab'), 'VouchersTab') },
  // Issue 29: gift vouchers sold online, looked up by code; admins extend, void or reissue.
  {
    id: 'gift-vouchers',
    label: 'Gift Vouchers',
    Panel: panel(() => import('./gift-vouchers/gift-vouchers-tab'), 'GiftVouchersTab'),
  },
  {
    id: 'staff',
    label: 'Staff & Devices',
    Panel: panel(() => import('./staff-accounts/staff-accounts-tab'), 'StaffAccountsTab'),
  },
  {
    id: 'audit-log',
    label: 'Audit Log',
    Panel: panel(() => import('./audit-log/audit-log-tab'), 'AuditLogTab'),
    adminOnly: true,
  },
  // DECISIONS.md "The venue owns its catalogue": prices, sessions, closures, menu, notices, parties, details.
  {
    id: 'venue',
    label: 'Venue',
    Panel: panel(() => import('./venue/venue-tab'), 'VenueTab'),
    adminOnly: true,
  },
  // DECISIONS.md "Data rights and retention": a family's request for a copy or erasure of their data.
  {
    id: 'data-requests',
    label: 'Data requests',
    Panel: panel(() => import('./data-requests/data-requests-panel'), 'DataRequestsPanel'),
    adminOnly: true,
  },
  // DECISIONS.md "Running the day": CSV exports of bookings, payments and enquiries.
  {
    id: 'exports',
    label: 'Exports',
    Panel: panel(() => import('./exports/exports-panel'), 'ExportsPanel'),
    adminOnly: true,
  },
];
