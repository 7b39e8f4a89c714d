import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The till's own slim frame: a 768 px tall tablet has no room for the staff area's header, so one row holds
 * the way back, the heading and what the page adds (the till's name, who is serving).
 */
export function TillFrame({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white print:hidden">
        <div className="mx-auto flex max-w-[96rem] flex-wrap items-center gap-x-4 gap-y-1 px-3 py-1 sm:px-4">
          {/* A whole page load, not the router: the till's print stylesheet is the only one on its page. */}
          <a href="/admin" className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline">
            <ArrowLeft aria-hidden className="h-4 w-4" />
            Staff Dashboard
          </a>
          <h1 className="text-xl font-bold text-brand-800">{title}</h1>
          <div className="ml-auto flex flex-wrap items-center gap-2">{aside}</div>
        </div>
      </header>
      <main className="mx-auto max-w-[96rem] px-3 py-3 sm:px-4">{children}</main>
    </div>
  );
}
