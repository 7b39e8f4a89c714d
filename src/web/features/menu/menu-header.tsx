import { House, Printer } from 'lucide-react';
import { Link } from '../../app/router';
import { useCatalogue } from '../../app/catalogue';

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold sm:px-4 sm:text-base';

/** Sticky header of the cafe menu: logo, Print Poster and Return to Home (SPEC.md section 2). */
export function MenuHeader() {
  const { venue } = useCatalogue();
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-3 py-2 sm:px-6">
        <Link to="/" className="flex min-h-11 items-center gap-2 rounded-lg">
          <img src="/favicon.svg" width={40} height={40} alt="" className="h-10 w-10" />
          <span className="hidden font-display text-lg font-bold text-brand-800 sm:inline">{venue.name}</span>
          <span className="sr-only sm:hidden">{venue.name}</span>
        </Link>
        <nav aria-label="Menu page" className="flex items-center gap-1 sm:gap-2">
          <Link to="/menu-poster" className={`${linkClass} text-brand-800 hover:bg-brand-50`}>
            <Printer aria-hidden className="h-5 w-5" />
            Print Poster
          </Link>
          <Link to="/" className={`${linkClass} bg-brand-700 text-white hover:bg-brand-800`}>
            <House aria-hidden className="h-5 w-5" />
            Return to Home
          </Link>
        </nav>
      </div>
    </header>
  );
}
