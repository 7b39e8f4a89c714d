import { useSyncExternalStore, type ReactNode } from 'react';

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
 * (Beside FirstView, so the pages' shells load no chunk of their own: /payment is at its 100 KB budget.)
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
