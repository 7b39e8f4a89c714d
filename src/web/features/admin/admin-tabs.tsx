import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type AdminTab = {
  id: string;
  label: string;
  Panel: LazyExoticComponent<ComponentType>;
  /** Shown to admins only; the server refuses the tab's calls to anyone else anyway. */
  adminOnly?: boolean;
};

export type AdminSection = { id: string; label: string; tabs: AdminTab[] };

const panel = <T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name]! }));

/**
 * The staff area by the work (issue 37): each section and its pages ("tabs"). The SPEC.md tabs keep their
 * names. Each panel is its own chunk, loaded when it is first opened, and only the open panel is
 * mounted, so only its list polls. The ids are what ?area= and ?tab= hold in the address
 * (./admin-address.ts); they never change, so old links keep working.
 */
export const adminSections: AdminSection[] = [
  {
    id: 'the-day',
    label: 'The day',
    tabs: [
      // The landing page: today's and this week's figures, then the latest bookings and payments.
      { id: 'overview', label: 'Overview', Panel: panel(() => import('./overview/overview-tab'), 'OverviewTab') },
      {
        id: 'checked-in',
        label: 'Checked In',
        Panel: panel(() => import('./check-ins/checked-in-tab'), 'CheckedInTab'),
      },
      {
        id: 'todays-bookings',
        label: "Today's Bookings",
        Panel: panel(() => import('./bookings/todays-bookings-tab'), 'TodaysBookingsTab'),
      },
    ],
  },
  {
    id: 'bookings',
    label: 'Bookings & customers',
    tabs: [
      // DECISIONS.md "Running the day": find, open, resend and cancel any booking.
      {
        id: 'bookings',
        label: 'Bookings',
        Panel: panel(() => import('./booking-manager/booking-manager-tab'), 'BookingManagerTab'),
      },
      {
        id: 'customer-search',
        label: 'Customer Search',
        Panel: panel(() => import('./payments/customer-search-tab'), 'CustomerSearchTab'),
      },
      // Issue 40: memberships, found by name, e-mail or member number; admins pause, resume or end them.
      { id: 'members', label: 'Members', Panel: panel(() => import('./members/members-tab'), 'MembersTab') },
      {
        id: 'booking-calendar',
        label: 'Booking Calendar',
        Panel: panel(() => import('./calendar/booking-calendar-panel'), 'BookingCalendarPanel'),
      },
    ],
  },
  {
    id: 'parties',
    label: 'Inquiries & parties',
    tabs: [
      {
        id: 'inquiries',
        label: 'Inquiries',
        Panel: panel(() => import('./inquiries/inquiries-panel'), 'InquiriesPanel'),
      },
      {
        id: 'birthday-parties',
        label: 'Birthday Parties',
        Panel: panel(() => import('./inquiries/birthday-parties-panel'), 'BirthdayPartiesPanel'),
      },
      // Issue 28: parties booked online or by phone, per room and week, with each party's sheet.
      { id: 'parties', label: 'Booked Parties', Panel: panel(() => import('./parties/parties-tab'), 'PartiesTab') },
    ],
  },
  {
    id: 'sales',
    label: 'Sales & vouchers',
    tabs: [
      // DECISIONS.md "Loyalty": a free hot drink or the party discount, used once at the till.
      {
        id: 'vouchers',
        label: 'Loyalty Vouchers',
        Panel: panel(() => import('./vouchers/vouchers-tab'), 'VouchersTab'),
      },
      // Issue 29: gift vouchers sold online, looked up by code; admins extend, void or reissue.
      {
        id: 'gift-vouchers',
        label: 'Gift Vouchers',
        Panel: panel(() => import('./gift-vouchers/gift-vouchers-tab'), 'GiftVouchersTab'),
      },
      // Issue 51: special events, the queue's live figures and the event sheet per slot.
      { id: 'events', label: 'Special Events', Panel: panel(() => import('./events/events-tab'), 'EventsTab') },
    ],
  },
  {
    id: 'venue',
    label: 'Venue',
    tabs: [
      // DECISIONS.md "The venue owns its catalogue": prices, sessions, closures, menu, notices, parties, details.
      { id: 'venue', label: 'Venue', Panel: panel(() => import('./venue/venue-tab'), 'VenueTab'), adminOnly: true },
    ],
  },
  {
    id: 'administration',
    label: 'Administration',
    tabs: [
      // DECISIONS.md "Staff accounts and devices": accounts and devices, the audit log.
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
      // The outbox (DECISIONS.md "E-mail").
      { id: 'mail', label: 'Mail', Panel: panel(() => import('./mail/mail-outbox-panel'), 'MailOutboxPanel') },
    ],
  },
  // Issue 50: takings the accountant can file (VAT, the journal for Xero, Stripe's payouts).
  {
    id: 'accounts',
    label: 'Accounts',
    tabs: [
      {
        id: 'vat-and-journal',
        label: 'VAT & journal',
        Panel: panel(() => import('./accounts/accounts-panel'), 'AccountsPanel'),
        adminOnly: true,
      },
    ],
  },
];
