import { renderToString } from 'react-dom/server';
import { StaticRouter } from './app/router';
import { AppRoutes, preloadRoute } from './app/app-routes';
import { CatalogueProvider } from './app/catalogue';
import type { PublicCatalogue } from '../shared/catalogue';

/**
 * Build-time entry (vite build --ssr): the HTML of a page's first render, as the browser's first
 * render will draw it (data still loading, lazily loaded sections showing their fallbacks). The
 * server sends it inside #root so the page paints before its JavaScript has run; React then hydrates it
 * (boot.tsx).
 */
export async function renderPage(pathname: string, catalogue: PublicCatalogue): Promise<string> {
  await preloadRoute(pathname);
  const html = renderToString(
    <CatalogueProvider catalogue={catalogue}>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </CatalogueProvider>,
  );
  // A section still loading is sent as its fallback, marked for the client to render; the note React
  // adds for the developer is dropped.
  return html.replace(/<template data-msg=[^>]*><\/template>/g, '');
}
