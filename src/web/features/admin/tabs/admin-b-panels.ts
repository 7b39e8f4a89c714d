import { lazy, type ComponentType } from 'react';

/**
 * The staff dashboard tabs built in the admin-b branch, each loaded when first shown. The /admin
 * shell lists them after its own tabs and renders `<Panel />` inside <Suspense>.
 */
const panel = <T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name]! }));

export const adminBPanels = [
  { id: 'inquiries', label: 'Inquiries', Panel: panel(() => import('../inquiries/inquiries-panel'), 'InquiriesPanel') },
  {
    id: 'birthday-parties',
    label: 'Birthday Parties',
    Panel: panel(() => import('../inquiries/birthday-parties-panel'), 'BirthdayPartiesPanel'),
  },
  {
    id: 'booking-calendar',
    label: 'Booking Calendar',
    Panel: panel(() => import('../calendar/booking-calendar-panel'), 'BookingCalendarPanel'),
  },
  { id: 'mail', label: 'Mail', Panel: panel(() => import('../mail/mail-outbox-panel'), 'MailOutboxPanel') },
] as const;
