import { ArrowLeft } from 'lucide-react';
import { useSyncExternalStore, type ReactNode, type Ref } from 'react';
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

const never = () => () => undefined;

/**
 * False while the server renders and while React adopts (hydrates) that HTML; true in every render after, and
 * at once in a render from scratch. A page whose content depends on the visitor (the query string, session
 * storage, the family's session) draws its shell until then, so the prerendered HTML is the same for everyone
 * and hydration matches it (docs/performance.md, issue 47).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

/** `shell` on the server and during hydration, the page itself from the next render on. */
export function FirstView({ shell, children }: { shell: ReactNode; children: ReactNode }) {
  return useHydrated() ? children : shell;
}

/**
 * (Here, with FirstView, beside the frame every such page draws: no chunk of their own, /payment is at its 100 KB budget.)
 * Content still to come, drawn at the size it will take so nothing moves when it arrives (layout shift): a
 * pulsing block, announced by its label as the spinner it replaces was. The prerendered shells (issue 47)
 * and the pages' own loading states draw the same block, so hydrating a shell changes nothing on screen.
 */
export function LoadingBlock({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`animate-pulse rounded-2xl bg-brand-100/60 ${className}`}>
      <span className="sr-only">{label}</span>
    </div>
  );
}
