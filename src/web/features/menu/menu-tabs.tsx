import { useRef, type KeyboardEvent } from 'react';
import { menuSections, type MenuSectionId } from '../../../shared/menu';

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active tab is in the tab order. */
export function MenuTabs({
  active,
  onSelect,
  counts,
}: {
  active: MenuSectionId;
  onSelect: (id: MenuSectionId) => void;
  counts: Record<MenuSectionId, number>;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = menuSections.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onSelect(menuSections[next]!.id);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Menu sections" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {menuSections.map((s, i) => {
        const selected = s.id === active;
        return (
          <button
            key={s.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${s.id}`}
            aria-selected={selected}
            aria-controls={`panel-${s.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(s.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={`flex min-h-12 flex-wrap items-center justify-center gap-x-2 rounded-xl px-3 py-2 font-semibold ring-1 ${
              selected
                ? 'bg-brand-700 text-white ring-brand-700'
                : 'bg-white text-brand-800 ring-slate-300 hover:bg-brand-50'
            }`}
          >
            <span aria-hidden>{s.emoji}</span>
            {s.label}
            <span className={`text-sm font-normal ${selected ? 'text-brand-50' : 'text-slate-600'}`}>
              ({counts[s.id]})
            </span>
          </button>
        );
      })}
    </div>
  );
}
