import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadRoute } from './app/app-routes';

/** The live app, loaded by main.tsx (after the first paint on a prerendered page). */
const container = document.getElementById('root')!;

/** Once React has replaced the server's prerendered HTML, the page is live: say so (tests wait for it). */
function MarkLive() {
  useEffect(() => container.removeAttribute('data-prerendered'), []);
  return null;
}

function start() {
  const app = (
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
        <MarkLive />
      </BrowserRouter>
    </StrictMode>
  );
  const root = createRoot(container);
  // Over a prerendered page React renders as a transition, yielding to the browser every few
  // milliseconds instead of one long task: the page is on screen already, and a tap meanwhile is
  // handled at once (Total Blocking Time). An empty page renders at once.
  if (container.hasAttribute('data-prerendered')) startTransition(() => root.render(app));
  else root.render(app);
}

// The page's own code first, so React's first render is the page itself rather than a loading
// spinner over the prerendered HTML. A failed load starts anyway: the lazy route then retries and
// shows its fallback. (No top-level await: it would split the chunk into several requests.)
void preloadRoute(window.location.pathname)
  .catch(() => undefined)
  .then(start);
