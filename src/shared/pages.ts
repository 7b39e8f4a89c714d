import { bundleValue } from './bundle-value';
import type { TicketTypeView } from './catalogue';
import { formatPence } from './money';
import type { VisitRulesDocument } from './visit-rules';

/**
 * Every client route with its <title> and meta description. The server injects these into the
 * HTML it sends (so crawlers and Lighthouse see them) and answers 404 for any path not listed.
 */
export type PageMeta = {
  path: string;
  title: string;
  description: string;
  /** The page's lazily loaded modules (paths under src/web): the server preloads their chunks. */
  modules?: string[];
  /**
   * The server sends the page's first view in its HTML: the same for every visitor, so public pages only. A page
   * drawn from the visitor's own data prerenders its frame (src/web/app/first-view.tsx); a path with a
   * parameter is rendered once, at its pattern, and served for every value.
   */
  prerender?: boolean;
  /** A web app manifest the page links to (the kiosk is installable: issue 41). */
  manifest?: string;
};

// The venue's name and town come from the catalogue: `{venue}` and `{town}` are filled in by pageText(),
// as are the credit bundle's `{bundle}` and `{bundleSaving}`.
const suffix = '{venue}, {town}';

export const pages: PageMeta[] = [
  {
    path: '/',
    title: `{venue} | Indoor Soft Play & Cafe in {town}, {county}`,
    description:
      'Indoor soft play for ages 0-12 with a toddler haven, sensory room, party rooms and a cafe. Book timed entry online, free parking.',
    modules: ['features/home/home-page.tsx'],
    prerender: true,
  },
  {
    path: '/booking',
    title: `Book Tickets | ${suffix}`,
    description:
      'Choose tickets for an open-play session and book your visit online. Session credits apply automatically.',
    modules: ['app/query-layout.tsx', 'features/booking/booking-page.tsx'],
    prerender: true,
  },
  {
    path: '/payment',
    title: `Payment | ${suffix}`,
    description: 'Pay securely for your soft play booking.',
    modules: ['app/query-layout.tsx', 'features/booking/payment-page.tsx'],
    prerender: true,
  },
  {
    path: '/booking-success',
    title: `Booking Confirmed | ${suffix}`,
    description: 'Your soft play booking confirmation and ticket.',
    modules: ['app/query-layout.tsx', 'features/booking/booking-success-page.tsx'],
    prerender: true,
  },
  {
    path: '/party-booking',
    title: `Birthday Parties | ${suffix}`,
    description:
      '{packages} and private hire party packages. Book and pay a deposit online, or send us a party enquiry.',
    modules: ['features/party/party-booking-page.tsx'],
    prerender: true,
  },
  {
    // The deposit of the party this tab has just held (its secret in session storage): only the frame is prerendered.
    path: '/party-booking/pay',
    title: `Pay Your Party Deposit | ${suffix}`,
    description: 'Pay the deposit that holds your party room, securely.',
    modules: ['app/query-layout.tsx', 'features/party/party-payment-page.tsx'],
    prerender: true,
  },
  {
    path: '/party-booking/confirmed',
    title: `Party Booked | ${suffix}`,
    description: 'Your birthday party booking confirmation: date, time, room, package and what is left to pay.',
    modules: ['app/query-layout.tsx', 'features/party/party-confirmed-page.tsx'],
    prerender: true,
  },
  {
    path: '/loyalty',
    title: `Rewards | ${suffix}`,
    description: 'Look up your loyalty points, rewards and achievements.',
    modules: ['app/query-layout.tsx', 'features/loyalty/loyalty-page.tsx'],
    prerender: true,
  },
  {
    // Per family (their session's bookings): only the frame is prerendered (issue 47), the same for everyone.
    path: '/my-bookings',
    title: `My Bookings | ${suffix}`,
    description: 'See your upcoming and past visits, your ticket QR codes, add a visit to your calendar or cancel it.',
    modules: ['app/query-layout.tsx', 'features/my-bookings/my-bookings-page.tsx'],
    prerender: true,
  },
  {
    // The family's own profile and rules of play (issue 39), per family session: only the frame is prerendered.
    path: '/my-bookings/family',
    title: `Your Family | ${suffix}`,
    description:
      'Your children on your family profile, birthday party reminders, and the rules of play to accept before you visit.',
    modules: ['app/query-layout.tsx', 'features/my-bookings/family/family-page.tsx'],
    prerender: true,
  },
  {
    // The family's memberships and member cards (issue 40), per family session: only the frame is prerendered.
    path: '/my-bookings/memberships',
    title: `Your Membership | ${suffix}`,
    description: 'Your membership: the plan, your member number and card, when it renews, and cancelling it.',
    modules: ['app/query-layout.tsx', 'features/my-bookings/memberships/my-memberships-page.tsx'],
    prerender: true,
  },
  {
    // The family's own party (its manage token or family session): the frame is prerendered once, for any id.
    path: '/party/:id',
    title: `Your Party | ${suffix}`,
    description: 'Your party booking: pay the balance, change the number of children and invite guests.',
    modules: ['app/query-layout.tsx', 'features/party-manage/party-manage-page.tsx'],
    prerender: true,
  },
  {
    // A guest's invitation, by the token in its e-mailed link.
    path: '/party-invite/:token',
    title: `Party Invitation | ${suffix}`,
    description: 'You are invited to a birthday party. Let the family know whether your child can come.',
    modules: ['app/query-layout.tsx', 'features/party-invite/party-invite-page.tsx'],
  },
  {
    path: '/session-credits',
    title: `Bulk Session Credits | ${suffix}`,
    description: 'Buy {bundle} and save {bundleSaving}. Credits never expire.',
    modules: ['app/query-layout.tsx', 'features/credits/session-credits-page.tsx'],
    prerender: true,
  },
  {
    // The plans come from the API (they change in the catalogue): the first view is the frame, plans to come.
    path: '/memberships',
    title: `Memberships | ${suffix}`,
    description:
      'Monthly and annual play passes: come as often as you like for one price, with named children covered.',
    modules: ['app/query-layout.tsx', 'features/memberships/memberships-page.tsx'],
    prerender: true,
  },
  {
    path: '/gift-vouchers',
    title: `Gift Vouchers | ${suffix}`,
    description: 'Give a play visit or an amount from £10 to £200, e-mailed on the day you choose.',
    modules: ['app/query-layout.tsx', 'features/gift-vouchers/gift-vouchers-page.tsx'],
    prerender: true,
  },
  {
    // Opened from the buyer's or the recipient's signed link: never prerendered, never indexed.
    path: '/gift-vouchers/print',
    title: `Your Gift Voucher | ${suffix}`,
    description: 'Your gift voucher to print, with its code and QR code.',
    modules: ['app/query-layout.tsx', 'features/gift-vouchers/gift-voucher-print-page.tsx'],
  },
  {
    path: '/events',
    title: `Special Events | ${suffix}`,
    description: "Santa's grotto, quiet SEN sessions, toddler mornings and holiday clubs: book a slot for your family.",
    modules: ['app/query-layout.tsx', 'features/events/events-page.tsx'],
  },
  {
    path: '/events/:id',
    title: `Special Event | ${suffix}`,
    description: 'A special event: its slots, the fair waiting room and booking for your family.',
    modules: ['app/query-layout.tsx', 'features/events/event-page.tsx'],
  },
  {
    path: '/menu',
    title: `Cafe Menu | ${suffix}`,
    description: 'Kids meals, adult food, snacks and drinks, with allergen information for every item.',
    modules: ['features/menu/menu-page.tsx'],
    prerender: true,
  },
  {
    path: '/menu-enhanced',
    title: `Cafe Menu | ${suffix}`,
    description: 'Kids meals, adult food, snacks and drinks, with allergen information for every item.',
    modules: ['features/menu/menu-page.tsx'],
    prerender: true,
  },
  {
    path: '/menu-poster',
    title: `Menu Poster | ${suffix}`,
    description: 'A printable poster of our cafe menu with allergen legend and QR code.',
    modules: ['features/menu/poster/menu-poster-page.tsx'],
    prerender: true,
  },
  {
    path: '/qr-menu',
    title: `Menu QR Code | ${suffix}`,
    description: 'Download a QR code that opens our cafe menu.',
    modules: ['features/menu/qr/qr-menu-page.tsx'],
    prerender: true,
  },
  {
    path: '/facebook-feed',
    title: `Notice Board | ${suffix}`,
    description: 'The latest news from {venue}.',
    modules: ['features/social/notice-board-page.tsx'],
    prerender: true,
  },
  {
    path: '/privacy',
    title: `Privacy Notice | ${suffix}`,
    description:
      'What {venue} keeps about your bookings, payments and enquiries, why, for how long, and how to ask for a copy or erasure.',
    modules: ['features/privacy/privacy-page.tsx'],
    prerender: true,
  },
  {
    path: '/check-in',
    title: `Check In | ${suffix}`,
    description: 'Self-service check-in kiosk for families arriving at {venue}.',
    modules: ['app/query-layout.tsx', 'features/checkin/check-in-page.tsx'],
    manifest: '/check-in.webmanifest',
  },
  {
    path: '/admin',
    title: `Staff | ${suffix}`,
    description: 'Staff area for running the day at {venue}: bookings, check-ins and enquiries.',
    modules: ['app/query-layout.tsx', 'features/admin/admin-page.tsx'],
  },
  {
    path: '/admin/search',
    title: `Payment Search | ${suffix}`,
    description: 'Staff search for customer payments by name.',
    modules: ['app/query-layout.tsx', 'features/admin/payment-search-page.tsx'],
  },
  {
    // A table's QR code (issue 49): the menu for that table, by its signed token; never prerendered.
    path: '/order/:tableToken',
    title: `Order at Your Table | ${suffix}`,
    description: 'Order from the cafe menu at your table and pay on your phone; we bring it over.',
    modules: ['app/query-layout.tsx', 'features/table-order/table-order-page.tsx'],
  },
  {
    // The screen in the kitchen (a device in kitchen mode, issue 49).
    path: '/kitchen',
    title: `Kitchen | ${suffix}`,
    description: 'The kitchen screen: table orders as they are paid, and the sold-out switches.',
    modules: ['features/kitchen/kitchen-page.tsx'],
  },
  {
    path: '/admin/cafe-tables/print',
    title: `Table QR Cards | ${suffix}`,
    description: 'A card for each cafe table with its QR code for ordering from the table.',
    modules: ['app/query-layout.tsx', 'features/admin/venue/tables/tables-print-page.tsx'],
  },
  {
    path: '/admin/till',
    title: `Till | ${suffix}`,
    description: 'The counter till: entry, cafe and shop in one sale, paid by card on a reader or in cash.',
    modules: ['app/query-layout.tsx', 'features/admin/till/till-page.tsx'],
  },
  {
    path: '/admin/till/report',
    title: `Z Report | ${suffix}`,
    description: "A till session's Z report: takings, cash counted, variance and VAT by rate, to print.",
    modules: ['app/query-layout.tsx', 'features/admin/till/report/till-report-page.tsx'],
  },
];

export const notFoundPage: PageMeta = {
  path: '*',
  title: `Page Not Found | ${suffix}`,
  description: 'The page you were looking for does not exist. Head back to the {venue} home page.',
};

/** A page text with the catalogue's facts in place of its `{venue}`, `{town}`, `{county}` and `{packages}`. */
export function pageText(
  text: string,
  facts: {
    venue: { name: string; address: { town: string; county: string } };
    parties: { packages: { name: string }[] };
    visitRules: Pick<VisitRulesDocument, 'creditBundle'>;
    ticketTypes: readonly Pick<TicketTypeView, 'id' | 'pricePence' | 'feePence' | 'paidByCredit'>[];
  },
): string {
  const { creditBundle } = facts.visitRules;
  const bundle = `${creditBundle.credits} session credits for ${formatPence(creditBundle.pricePence, { whole: true })}`;
  const names = facts.parties.packages.map((p) => p.name);
  const packages = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'Party');
  return text
    .replaceAll('{venue}', facts.venue.name)
    .replaceAll('{town}', facts.venue.address.town)
    .replaceAll('{county}', facts.venue.address.county)
    .replaceAll('{packages}', packages)
    .replaceAll('{bundle}', bundle)
    .replaceAll('{bundleSaving}', () =>
      formatPence(bundleValue(creditBundle, facts.ticketTypes).savingsPence, { whole: true }),
    );
}
