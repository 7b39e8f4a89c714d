import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { notFoundPage, pages } from '../../shared/pages';

/** Keeps <title> and the description right as the app navigates (the server sets them on first load). */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = pages.find((p) => p.path === pathname) ?? notFoundPage;
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [pathname]);
}
