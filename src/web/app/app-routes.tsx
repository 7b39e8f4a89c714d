import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteLoading } from './route-loading';

/**
 * Every page loads its own code (lazy), so a visitor downloads only what the page needs. Declarative
 * routes, not the data router: it is 18 KB lighter and the first-load budget for / is 100 KB.
 * Pages that fetch with TanStack Query sit under <QueryLayout>, which brings the query client along.
 * Paths must match src/shared/pages.ts, which tells the server which paths exist.
 */
const page = <T extends Record<string, React.ComponentType>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name]! }));

const QueryLayout = page(() => import('./query-layout'), 'QueryLayout');
const HomePage = page(() => import('../features/home/home-page'), 'HomePage');
const MenuPage = page(() => import('../features/menu/menu-page'), 'MenuPage');
const MenuPosterPage = page(() => import('../features/menu/poster/menu-poster-page'), 'MenuPosterPage');
const QrMenuPage = page(() => import('../features/menu/qr/qr-menu-page'), 'QrMenuPage');
const NoticeBoardPage = page(() => import('../features/social/notice-board-page'), 'NoticeBoardPage');
const BookingPage = page(() => import('../features/booking/booking-page'), 'BookingPage');
const PaymentPage = page(() => import('../features/booking/payment-page'), 'PaymentPage');
const BookingSuccessPage = page(() => import('../features/booking/booking-success-page'), 'BookingSuccessPage');
const SessionCreditsPage = page(() => import('../features/credits/session-credits-page'), 'SessionCreditsPage');
const CheckInPage = page(() => import('../features/checkin/check-in-page'), 'CheckInPage');
const AdminPage = page(() => import('../features/admin/admin-page'), 'AdminPage');
const PaymentSearchPage = page(() => import('../features/admin/payment-search-page'), 'PaymentSearchPage');
const PartyBookingPage = page(() => import('../features/party/party-booking-page'), 'PartyBookingPage');
const LoyaltyPage = page(() => import('../features/loyalty/loyalty-page'), 'LoyaltyPage');

export function AppRoutes() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <Routes>
        <Route element={<RootLayout />}>
          <Route path="/" element={<HomePage />} />
          <Route path="/menu" element={<MenuPage />} />
          <Route path="/menu-enhanced" element={<MenuPage />} />
          <Route path="/menu-poster" element={<MenuPosterPage />} />
          <Route path="/qr-menu" element={<QrMenuPage />} />
          <Route path="/facebook-feed" element={<NoticeBoardPage />} />
          <Route path="/party-booking" element={<PartyBookingPage />} />
          <Route element={<QueryLayout />}>
            <Route path="/booking" element={<BookingPage />} />
            <Route path="/payment" element={<PaymentPage />} />
            <Route path="/booking-success" element={<BookingSuccessPage />} />
            <Route path="/session-credits" element={<SessionCreditsPage />} />
            <Route path="/check-in" element={<CheckInPage />} />
            <Route path="/admin" element={<AdminPage />} />
            <Route path="/admin/search" element={<PaymentSearchPage />} />
            <Route path="/loyalty" element={<LoyaltyPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
