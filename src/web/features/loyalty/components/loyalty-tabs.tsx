import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export const loyaltyTabs = [
  { id: 'rewards', label: 'Rewards Store' },
  { id: 'achievements', label: 'Achievements' },
  { id: 'history', label: 'Activity History' },
] as const;
export type LoyaltyTabId = (typeof loyaltyTabs)[number]['id'];

/**
 * WAI-ARIA tabs (the menu page's pattern): arrow keys, Home and End move between tabs, only the
 * active tab is in the tab order, and the one panel shown is labelled by its tab.
 */
export function LoyaltyTabs({
  active,
  onSelect,
  children,
}: {
  active: LoyaltyTabId;
  onSelect: (id: LoyaltyTabId) => void;
  children: ReactNode;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = loyaltyTabs.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onSelect(loyaltyTabs[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label="Your rewards" className="grid grid-cols-3 gap-2">
        {loyaltyTabs.map((t, i) => {
          const selected = t.id === active;
          return (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`loyalty-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`loyalty-panel-${t.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSelect(t.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={`min-h-12 rounded-xl px-1 py-2 text-sm leading-tight font-semibold ring-1 sm:px-2 sm:text-base ${
                selected
                  ? 'bg-brand-700 text-white ring-brand-700'
                  : 'bg-white text-brand-800 ring-slate-300 hover:bg-brand-50'
              }`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`loyalty-panel-${active}`}
        aria-labelledby={`loyalty-tab-${active}`}
        tabIndex={0}
        className="mt-4 rounded-3xl focus-visible:outline-offset-4"
      >
        {children}
      </div>
    </div>
  );
}
