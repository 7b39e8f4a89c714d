import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from '../../app/router';
import { BrandLogo } from './brand-logo';
import { routeLinks, sectionLinks } from './nav-links';

const linkClass =
  'inline-flex min-h-11 items-center rounded-full px-3 font-medium whitespace-nowrap text-slate-700 hover:bg-brand-50 hover:text-brand-800';
const bookClass =
  'inline-flex min-h-11 items-center rounded-full bg-berry-700 px-2.5 text-sm font-semibold whitespace-nowrap sm:px-5 sm:text-base text-white shadow-sm hover:bg-berry-600';

/**
 * Sticky top bar: every link inline on wide screens, behind a menu toggle below 1240 px (the nine links, each
 * on one line, the logo and Book Now need about 1210 px; at 1024 px they overflowed sideways). On a phone the
 * logo, Book Now and the toggle must fit in 336 px: a 360 px window beside a classic 12 px scrollbar, as
 * Firefox on a desktop shows one (Chromium's headless window hid the two pixels this bar overflowed by). The
 * logo takes the room left (basis 0, never below its narrowest content): at 200% text the bar wraps, Book
 * Now and the toggle on a second row, rather than pushing the toggle off a 320 px screen (WCAG 1.4.10).
 */
export function SiteNav() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);
  const links = (mobile: boolean) => (
    <>
      {sectionLinks.map((l) => (
        <li key={l.id}>
          <a href={`#${l.id}`} onClick={close} className={mobile ? `${linkClass} w-full` : linkClass}>
            {l.label}
          </a>
        </li>
      ))}
      {routeLinks.map((l) => (
        <li key={l.to}>
          <Link to={l.to} onClick={close} className={mobile ? `${linkClass} w-full` : linkClass}>
            {l.label}
          </Link>
        </li>
      ))}
    </>
  );

  return (
    <header className="sticky top-0 z-50 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-1 px-2 py-2 sm:gap-2 sm:px-6"
      >
        <a href="#home" className="rounded-xl max-[77.5rem]:grow max-[77.5rem]:basis-0">
          <BrandLogo />
        </a>
        <ul className="hidden items-center gap-1 min-[77.5rem]:flex">{links(false)}</ul>
        <div className="flex items-center gap-0.5 sm:gap-2">
          <Link to="/booking" className={bookClass}>
            Book Now
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50 min-[77.5rem]:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X aria-hidden className="h-6 w-6" /> : <Menu aria-hidden className="h-6 w-6" />}
          </button>
        </div>
      </nav>
      <div
        id="mobile-menu"
        hidden={!open}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white shadow-lg min-[77.5rem]:hidden"
      >
        <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3 sm:grid-cols-2 sm:px-6">{links(true)}</ul>
      </div>
    </header>
  );
}
