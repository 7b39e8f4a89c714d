import { lazy, Suspense } from 'react';
import { HeroSection } from './hero-section';
import { SiteNav } from './site-nav';

// First load carries only what the first screen shows (navigation and hero); the sections below
// the fold are one more chunk, requested as soon as the page renders (the 100 KB first-load budget).
const belowFold = () => import('./below-fold');
const BelowFoldSections = lazy(async () => ({ default: (await belowFold()).BelowFoldSections }));
const SiteFooter = lazy(async () => ({ default: (await belowFold()).SiteFooter }));

/** The single-page marketing site (SPEC.md section 2, Home). */
export function HomePage() {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-full focus:bg-white focus:px-4 focus:py-3 focus:font-semibold focus:text-brand-800 focus:shadow-lg"
      >
        Skip to content
      </a>
      <SiteNav />
      <main id="main" tabIndex={-1} className="outline-none">
        <HeroSection />
        <Suspense fallback={<SectionsLoading />}>
          <BelowFoldSections />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </>
  );
}

function SectionsLoading() {
  return (
    <div role="status" className="flex min-h-screen items-start justify-center gap-3 pt-16 text-slate-600">
      <span aria-hidden className="h-6 w-6 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
      Loading more about the barn...
    </div>
  );
}
