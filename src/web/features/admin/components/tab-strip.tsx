import { useEffect, useRef, type KeyboardEvent } from 'react';

type Tab = { id: string; label: string };

export const tabDomId = (id: string) => `admin-tab-${id}`;
export const panelDomId = (id: string) => `admin-panel-${id}`;

/**
 * WAI-ARIA tabs with automatic activation: Left/Right arrows move between tabs (wrapping), Home and
 * End jump to the ends; only the selected tab is in the Tab order. On a phone or tablet the strip scrolls
 * sideways and keeps the selected tab in view; on a wide screen the tabs wrap onto a second row instead.
 */
export function TabStrip({
  tabs,
  selected,
  onSelect,
  label,
}: {
  tabs: Tab[];
  selected: string;
  onSelect: (id: string) => void;
  label: string;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    refs.current.get(selected)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [selected]);

  function onKeyDown(e: KeyboardEvent) {
    const i = tabs.findIndex((t) => t.id === selected);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    const id = tabs[next]!.id;
    onSelect(id);
    refs.current.get(id)?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0 lg:flex-wrap [scrollbar-width:thin]"
    >
      {tabs.map((t) => {
        const active = t.id === selected;
        return (
          <button
            key={t.id}
            ref={(el) => {
              if (el) refs.current.set(t.id, el);
              else refs.current.delete(t.id);
            }}
            type="button"
            role="tab"
            id={tabDomId(t.id)}
            aria-selected={active}
            // Only the open panel exists in the page, so only its tab points at it.
            aria-controls={active ? panelDomId(t.id) : undefined}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(t.id)}
            className={`min-h-11 shrink-0 rounded-full border-2 px-4 py-2 font-semibold whitespace-nowrap motion-safe:transition ${
              active
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:border-brand-700 hover:text-brand-800'
            }`}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}
