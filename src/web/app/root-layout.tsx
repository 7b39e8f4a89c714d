import { Outlet } from './router';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { usePageMeta } from './page-meta';
import { ScrollToTop } from './scroll-to-top';

export function RootLayout() {
  usePageMeta();
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <LazyToaster />
    </>
  );
}
