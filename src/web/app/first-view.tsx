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
