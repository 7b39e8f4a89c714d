import { useEffect } from 'react';
import { useCatalogue } from './catalogue';
import { matchPath, useLocation } from './router';

/** The path whose title and description the document shows (null until the first page is live). */
let shownFor: string | null = null;

/**
 * Keeps <title> and the description right as the app navigates. The server set them for the first
 * page, so the table of every page's texts (src/shared/pages.ts) loads only with the first navigation:
 * it is not part of a page's first visit (docs/decisions/014).
 */
export function usePageMeta(): void {
  const { pathname } = useLocation();
  const catalogue = useCatalogue();
  useEffect(() => {
    if (shownFor === null) shownFor = pathname;
    if (shownFor === pathname) return;
    shownFor = pathname;
    void import('../../shared/pages').then(({ notFoundPage, pages, pageText }) => {
      if (shownFor !== pathname) return; // a later navigation has its own texts on the way
      const meta = pages.find((p) => matchPath(p.path, pathname)) ?? notFoundPage;
      document.title = pageText(meta.title, catalogue);
      document
        .querySelector('meta[name="description"]')
        ?.setAttribute('content', pageText(meta.description, catalogue));
    });
  }, [pathname, catalogue]);
}
