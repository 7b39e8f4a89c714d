import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './app/router';
import { AppRoutes, preloadRoute } from './app/app-routes';
import { CatalogueProvider, loadCatalogue } from './app/catalogue';
import type { PageCatalogue } from '../shared/catalogue';

/** The live app, loaded by main.tsx (after the first paint on a prerendered page). */
const container = document.getElementById('root')!;

/** Once React has taken over the server's prerendered HTML, the page is live: say so (tests wait for it). */
function MarkLive() {
  useEffect(() => container.removeAttribute('data-prerendered'), []);
  return null;
}

/**
 * A lazily loaded section the prerender could not wait for was sent as its fallback, marked for the
 * client to render (prerender.tsx): React reports each such boundary as error 419 while hydrating.
 * That is the design, not a fault; anything else (a real mismatch) is reported as React would.
 */
function onRecoverableError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (/#419\b|could not finish this Suspense boundary/.test(message)) return;
  reportError(error);
}

function start(catalogue: PageCatalogue) {
  const app = (
    <StrictMode>
      <CatalogueProvider catalogue={catalogue}>
        <BrowserRouter>
          <AppRoutes />
          <MarkLive />
        </BrowserRouter>
      </CatalogueProvider>
    </StrictMode>
  );
  // The prerendered view is the page as a first-time visitor sees it. React adopts it (hydrates)
  // instead of building it again, which leaves the main thread free sooner (Total Blocking Time,
  // docs/decisions/014). A visit that carries state the prerender cannot know (a query string, a
  // booking kept in sessionStorage on the way to payment) renders from scratch, over the view, as a
  // transition that yields every few milliseconds. An empty page renders at once.
  const prerendered = container.hasAttribute('data-prerendered');
  if (prerendered && window.location.search === '' && sessionStorage.length === 0) {
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError });
    });
    return;
  }
  const root = createRoot(container);
  if (prerendered) startTransition(() => root.render(app));
  else root.render(app);
}

// The page's own code first, so React's first render is the page itself rather than a loading
// spinner over the prerendered HTML. A failed load starts anyway: the lazy route then retries and
// shows its fallback. (No top-level await: it would split the chunk into several requests.)
void Promise.all([preloadRoute(window.location.pathname).catch(() => undefined), loadCatalogue()]).then(
  ([, catalogue]) => start(catalogue),
);
