import { StrictMode, startTransition, useEffect } from 'react';
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

/**
 * Resolves once the browser has shown the prerendered page (its first-contentful-paint entry, which
 * the browser records only when the frame is on screen). On a fast connection this script arrives
 * before the first paint: replacing the page before it is shown would hold it off the screen for
 * nothing, and a page replaced before its paint was recorded has its largest paint counted again
 * from the replacement. A hidden tab starts at once; a browser without paint timing after one frame.
 */
function afterFirstPaint(): Promise<void> {
  if (!container.hasAttribute('data-prerendered') || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    // Should the paint never be recorded (the tab hidden before it), start anyway.
    const fallback = setTimeout(resolve, 1500);
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      clearTimeout(fallback);
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

// The page's own code first, so React's first render is the page itself rather than a loading
// spinner over the prerendered HTML. A failed load starts anyway: the lazy route then retries and
// shows its fallback. (No top-level await: it would split the entry chunk into several requests.)
void Promise.all([preloadRoute(window.location.pathname).catch(() => undefined), afterFirstPaint()]).then(start);
