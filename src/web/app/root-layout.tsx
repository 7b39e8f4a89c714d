import type { ReactNode } from 'react';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { usePageMeta } from './page-meta';
import { ScrollToTop } from './scroll-to-top';

export function RootLayout({ children }: { children: ReactNode }) {
  usePageMeta();
  return (
    <>
      <ScrollToTop />
      {children}
      <LazyToaster />
    </>
  );
}
