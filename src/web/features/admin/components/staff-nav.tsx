import { ChevronDown, Menu } from 'lucide-react';
import { Fragment, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '../../../app/router';
import { sectionHref, tabHref, type AdminPlace } from '../admin-address';
import type { AdminSection } from '../admin-tabs';

const sectionLink = (current: boolean) =>
  `flex min-h-11 flex-col justify-center rounded-xl px-3 py-2 font-semibold lg:rounded-none lg:border-b-4 lg:px-3 xl:px-4 ${
    current
      ? 'bg-brand-50 text-brand-800 lg:border-brand-700 lg:bg-transparent'
      : 'text-slate-800 hover:bg-slate-100 hover:text-brand-800 lg:border-transparent lg:hover:border-slate-300 lg:hover:bg-transparent'
  }`;

const tabLink = (current: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border-2 px-3 py-2 text-sm font-semibold whitespace-nowrap sm:px-4 sm:text-base ${
    current
      ? 'border-brand-700 bg-brand-700 text-white'
      : 'border-slate-300 bg-white text-slate-800 hover:border-brand-700 hover:text-brand-800'
  }`;

/**
 * The staff area's navigation (issue 37): the sections by the work, then the pages of the open one. On a
 * wide screen the sections are a row; narrower, a menu button opens them as a list, each with the pages
 * it holds. Every entry is a link to its own address, so the back button and a shared link work (a
 * link to where you already are adds no history entry); aria-current marks where you are.
 */
export function StaffNav({ sections, place }: { sections: AdminSection[]; place: AdminPlace }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const single = place.section.tabs.length === 1;

  // Choosing from the open menu, or Escape, closes it; focus goes back to its button rather than to nowhere.
  function close() {
    setOpen(false);
    button.current?.focus();
  }
  const onKeyDown = (e: KeyboardEvent) => (e.key === 'Escape' && open ? close() : undefined);

  return (
    <nav aria-label="Staff area" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-sections`}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-12 w-full items-center gap-3 rounded-2xl border-2 border-slate-300 bg-white px-4 py-2 text-left hover:border-brand-700 sm:max-w-md lg:hidden"
      >
        <Menu aria-hidden className="h-5 w-5 shrink-0 text-brand-700" />
        <span className="min-w-0 grow">
          <span className="block text-sm text-slate-700">Section</span>
          <span className="block font-semibold text-slate-900">{place.section.label}</span>
        </span>
        <ChevronDown
          aria-hidden
          className={`h-5 w-5 shrink-0 text-slate-700 motion-safe:transition ${open ? 'rotate-180' : ''}`}
        />
      </button>
      <ul
        id={`${id}-sections`}
        className={`${open ? 'grid' : 'hidden'} mt-2 gap-1 rounded-2xl border border-slate-200 bg-white p-2 sm:max-w-md lg:mt-0 lg:max-w-none lg:flex lg:flex-wrap lg:gap-1 lg:rounded-none lg:border-0 lg:border-b lg:bg-transparent lg:p-0`}
      >
        {sections.map((s) => {
          const current = s.id === place.section.id;
          // What the section holds, under its name in the menu (and read out as its description).
          const holds = s.tabs.length > 1;
          return (
            <li key={s.id}>
              <Link
                to={sectionHref(s.id)}
                aria-current={current ? (single ? 'page' : 'true') : undefined}
                replace={current && place.tab.id === s.tabs[0]!.id}
                aria-describedby={holds ? `${id}-${s.id}` : undefined}
                onClick={() => (open ? close() : undefined)}
                className={sectionLink(current)}
              >
                {s.label}
                {holds ? (
                  <span id={`${id}-${s.id}`} aria-hidden className="text-sm font-normal text-slate-700 lg:hidden">
                    {/* A line breaks after a dot, never inside a page's name. */}
                    {s.tabs.map((t, i) => (
                      <Fragment key={t.id}>
                        {i > 0 ? '\u00a0· ' : null}
                        <span className="whitespace-nowrap">{t.label}</span>
                      </Fragment>
                    ))}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
      {single ? null : (
        <ul aria-label={place.section.label} className="mt-3 flex flex-wrap gap-2">
          {place.section.tabs.map((t) => (
            <li key={t.id}>
              <Link
                to={tabHref(t.id)}
                aria-current={t.id === place.tab.id ? 'page' : undefined}
                replace={t.id === place.tab.id}
                className={tabLink(t.id === place.tab.id)}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
