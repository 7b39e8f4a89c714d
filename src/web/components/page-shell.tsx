import { ArrowLeft } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { useCatalogue } from '../app/catalogue';
import { Link } from '../app/router';

/**
 * The frame of the booking pages: a slim bar home, a page heading and a friendly intro. A page that swaps its
 * content in place passes `headingRef` to move focus to the heading (focusable from script only).
 */
export function PageShell({
  title,
  intro,
  headingRef,
  children,
}: {
  title: string;
  intro?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const { venue } = useCatalogue();
  return (
    <div className="min-h-screen bg-brand-50">
      <header className="border-b border-brand-100 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
          <Link
            to="/"
            className="inline-flex min-h-11 items-center gap-2 font-display text-lg font-bold text-brand-800"
          >
            <ArrowLeft aria-hidden className="h-5 w-5" />
            {venue.name}
          </Link>
          <a
            href={venue.phoneHref}
            className="hidden min-h-11 items-center font-semibold text-brand-800 sm:inline-flex"
          >
            {venue.phone}
          </a>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
        <h1
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="text-3xl font-bold text-brand-800 focus:outline-none sm:text-4xl"
        >
          {title}
        </h1>
        {intro ? <div className="mt-2 max-w-2xl text-base text-slate-700 sm:text-lg">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
