import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../../app/router';
import { useCatalogue } from '../../../app/catalogue';

/** The staff pages' frame: a slim bar back to the site, then the page heading and its content. */
export function AdminFrame({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  const { venue } = useCatalogue();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-1 sm:px-6">
          <Link to="/" className="inline-flex min-h-11 items-center gap-2 font-display font-bold text-brand-800">
            <ArrowLeft aria-hidden className="h-5 w-5" />
            {venue.name}
          </Link>
          <span className="text-sm font-semibold text-slate-700">Staff area</span>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-5 sm:px-6 sm:py-8">
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
          <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">{title}</h1>
          {aside}
        </div>
        <div className="mt-5">{children}</div>
      </main>
    </div>
  );
}
