import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadRoute } from './app/app-routes';
import './app/styles.css';

const container = document.getElementById('root')!;

/** Once React has replaced the server's prerendered HTML, the page is live: say so (tests wait for it). */
function MarkLive() {
  useEffect(() => container.removeAttribute('data-prerendered'), []);
  return null;
}

function start() {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
        <MarkLive />
      </BrowserRouter>
    </StrictMode>,
  );
}

// The page's own code first, so React's first render is the page itself rather than a loading
// spinner over the prerendered HTML. A failed load starts anyway: the lazy route then retries and
// shows its fallback. (No top-level await: it would split the entry chunk into several requests.)
void preloadRoute(window.location.pathname).catch(() => undefined).then(start);
