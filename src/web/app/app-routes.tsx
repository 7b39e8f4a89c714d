import { lazy, Suspense } from 'react';
import { matchPath, Route, Routes } from './router';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteLoading } from './route-loading';

/**
 * Every page loads its own code (lazy), so a visitor downloads only what the page needs. Declarative
 * routes, not the data router: it is 18 KB lighter and the first-load budget for / is 100 KB.
 * Pages that fetch with TanStack Query sit under <QueryLayout>, which brings the query client along.
 * Paths must match src/shared/pages.ts, which tells the server which paths exist.
 */
type Loader = () => Promise<Record<string, React.ComponentType>>;
const loaded = new Map<Loader, Record<string, React.ComponentType>>();

/**
 * A lazy page. Once its module has loaded (preloadRoute) the factory hands React a thenable that has
 * already resolved, so the first render shows the page rather than the loading fallback: the HTML the
 * server prerendered (src/web/prerender.tsx) is replaced by the same page, with no flash in between.
 */
const page = <T extends Record<string, React.ComponentType>>(load: () => Promise<T>, name: keyof T) => {
  type Module = { default: React.ComponentType };
  const component = lazy((): Promise<Module> => {
    const ready = loaded.get(load);
    if (!ready) return load().then((m) => ({ default: m[name]! }));
    // React reads a thenable's result synchronously when `then` calls back at once.
    return { then: (resolve: (m: Module) => void) => resolve({ default: ready[name as string]! }) } as Promise<Module>;
  });
  return Object.assign(component, { load: load as Loader });
};

const QueryLayout = page(() => import('./query-layout'), 'QueryLayout');
const HomePage = page(() => import('../features/home/home-page'), 'HomePage');
const MenuPage = page(() => import('../features/menu/menu-page'), 'MenuPage');
const MenuPosterPage = page(() => import('../features/menu/poster/menu-poster-page'), 'MenuPosterPage');
const QrMenuPage = page(() => import('../features/menu/qr/qr-menu-page'), 'QrMenuPage');
const NoticeBoardPage = page(() => import('../features/social/notice-board-page'), 'NoticeBoardPage');
const PrivacyPage = page(() => import('../features/privacy/privacy-page'), 'PrivacyPage');
const BookingPage = page(() => import('../features/booking/booking-page'), 'BookingPage');
const PaymentPage = page(() => import('../features/booking/payment-page'), 'PaymentPage');
const BookingSuccessPage = page(() => import('../features/booking/booking-success-page'), 'BookingSuccessPage');
const SessionCreditsPage = page(() => import('../features/credits/session-credits-page'), 'SessionCreditsPage');
const GiftVouchersPage = page(() => import('../features/gift-vouchers/gift-vouchers-page'), 'GiftVouchersPage');
const GiftVoucherPrintPage = page(
  () => import('../features/gift-vouchers/gift-voucher-print-page'),
  'GiftVoucherPrintPage',
);
const CheckInPage = page(() => import('../features/checkin/check-in-page'), 'CheckInPage');
const AdminPage = page(() => import('../features/admin/admin-page'), 'AdminPage');
const PaymentSearchPage = page(() => import('../features/admin/payment-search-page'), 'PaymentSearchPage');
const TillPage = page(() => import('../features/admin/till/till-page'), 'TillPage');
const TillReportPage = page(() => import('../features/admin/till/report/till-report-page'), 'TillReportPage');
const PartyBookingPage = page(() => import('../features/party/party-booking-page'), 'PartyBookingPage');
const PartyPaymentPage = page(() => import('../features/party/party-payment-page'), 'PartyPaymentPage');
const PartyConfirmedPage = page(() => import('../features/party/party-confirmed-page'), 'PartyConfirmedPage');
const LoyaltyPage = page(() => import('../features/loyalty/loyalty-page'), 'LoyaltyPage');
const MyBookingsPage = page(() => import('../features/my-bookings/my-bookings-page'), 'MyBookingsPage');
const FamilyPage = page(() => import('../features/my-bookings/family/family-page'), 'FamilyPage');
const MyMembershipsPage = page(
  () => import('../features/my-bookings/memberships/my-memberships-page'),
  'MyMembershipsPage',
);
const MembershipsPage = page(() => import('../features/memberships/memberships-page'), 'MembershipsPage');
const PartyManagePage = page(() => import('../features/party-manage/party-manage-page'), 'PartyManagePage');
const PartyInvitePage = page(() => import('../features/party-invite/party-invite-page'), 'PartyInvitePage');
const EventsPage = page(() => import('../features/events/events-page'), 'EventsPage');
const EventPage = page(() => import('../features/events/event-page'), 'EventPage');
const TableOrderPage = page(() => import('../features/table-order/table-order-page'), 'TableOrderPage');
const KitchenPage = page(() => import('../features/kitchen/kitchen-page'), 'KitchenPage');
const TablesPrintPage = page(() => import('../features/admin/venue/tables/tables-print-page'), 'TablesPrintPage');

/**
 * Every path and the modules its first render needs: its layout (QueryLayout, for the pages that fetch with
 * TanStack Query) and its page. The routes below are made from this one table, so a page is listed once
 * (a smaller shell than a table and the same routes again in JSX: issue 40 kept /payment under its budget).
 */
type Page = ReturnType<typeof page>;
const routeModules: Record<string, Page[]> = {
  '/': [HomePage],
  '/menu': [MenuPage],
  '/menu-enhanced': [MenuPage],
  '/menu-poster': [MenuPosterPage],
  '/qr-menu': [QrMenuPage],
  '/facebook-feed': [NoticeBoardPage],
  '/privacy': [PrivacyPage],
  '/party-booking': [PartyBookingPage],
  '/booking': [QueryLayout, BookingPage],
  '/payment': [QueryLayout, PaymentPage],
  '/booking-success': [QueryLayout, BookingSuccessPage],
  '/session-credits': [QueryLayout, SessionCreditsPage],
  '/gift-vouchers': [QueryLayout, GiftVouchersPage],
  '/gift-vouchers/print': [QueryLayout, GiftVoucherPrintPage],
  '/check-in': [QueryLayout, CheckInPage],
  '/admin': [QueryLayout, AdminPage],
  '/admin/search': [QueryLayout, PaymentSearchPage],
  '/admin/till': [QueryLayout, TillPage],
  '/admin/till/report': [QueryLayout, TillReportPage],
  '/loyalty': [QueryLayout, LoyaltyPage],
  '/my-bookings': [QueryLayout, MyBookingsPage],
  '/my-bookings/family': [QueryLayout, FamilyPage],
  '/my-bookings/memberships': [QueryLayout, MyMembershipsPage],
  '/memberships': [QueryLayout, MembershipsPage],
  '/party-booking/pay': [QueryLayout, PartyPaymentPage],
  '/party-booking/confirmed': [QueryLayout, PartyConfirmedPage],
  // (a path with a parameter is prerendered at its pattern, and preloadRoute finds it by matching)
  '/party/:id': [QueryLayout, PartyManagePage],
  '/party-invite/:token': [QueryLayout, PartyInvitePage],
  '/events': [QueryLayout, EventsPage],
  '/events/:id': [QueryLayout, EventPage],
  '/order/:tableToken': [QueryLayout, TableOrderPage],
  '/kitchen': [KitchenPage],
  '/admin/cafe-tables/print': [QueryLayout, TablesPrintPage],
};

/** Loads the code of the page at `pathname` (when it is one), so its first render needs no fallback. */
export async function preloadRoute(pathname: string): Promise<void> {
  const modules =
    routeModules[pathname] ?? Object.entries(routeModules).find(([path]) => matchPath(path, pathname))?.[1] ?? [];
  await Promise.all(modules.map(async ({ load }) => loaded.set(load, await load())));
}

const routes = Object.entries(routeModules);
/** The routes in or outside QueryLayout, in the table's order (the router takes the first match). */
const routesWith = (layouts: number) =>
  routes
    .filter(([, modules]) => modules.length === layouts + 1)
    .map(([path, modules]) => {
      const Page = modules.at(-1)!;
      return <Route key={path} path={path} element={<Page />} />;
    });

export function AppRoutes() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <Routes>
        <Route element={<RootLayout />}>
          {routesWith(0)}
          <Route element={<QueryLayout />}>{routesWith(1)}</Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
