import './app/styles.css';

/**
 * The entry the HTML loads: a few hundred bytes that start the app (boot.tsx: React, the router, the
 * page's code) once a prerendered page has been shown (docs/decisions/014). Nothing of the app is
 * requested before that paint, so on a slow link it does not compete with the page, and a page
 * replaced before its paint was recorded would have its largest paint counted again from the
 * replacement. A page without a first view (per visitor) starts at once.
 */
const container = document.getElementById('root')!;

/**
 * Resolves once the browser has shown the prerendered page (its first-contentful-paint entry, which
 * the browser records only when the frame is on screen). A hidden tab starts at once; a browser
 * without paint timing after one frame; should the paint never be recorded, after 1.5 s.
 */
function afterFirstPaint(): Promise<void> {
  if (!container.hasAttribute('data-prerendered') || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
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

void afterFirstPaint().then(() => import('./boot'));
