import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { CatalogueMenuItem, PageCatalogue, PublicCatalogue } from '../../shared/catalogue';

/**
 * The venue's catalogue (prices, sessions, hours, menu, notices, contacts), as the server sent it with
 * the page (server/http/catalogue-embed.ts): every component reads facts from here, never from code.
 * The menu's items come only with the menu pages; useMenuItems() fetches them elsewhere.
 */
const CatalogueContext = createContext<PageCatalogue | null>(null);

export function CatalogueProvider({ catalogue, children }: { catalogue: PageCatalogue; children: ReactNode }) {
  return <CatalogueContext.Provider value={catalogue}>{children}</CatalogueContext.Provider>;
}

export function useCatalogue(): PageCatalogue {
  const catalogue = useContext(CatalogueContext);
  if (!catalogue) throw new Error('useCatalogue() outside <CatalogueProvider>');
  return catalogue;
}

async function fetchCatalogue(): Promise<PublicCatalogue> {
  const response = await fetch('/api/catalogue');
  if (!response.ok) throw new Error(`The catalogue could not be loaded (${response.status})`);
  return (await response.json()) as PublicCatalogue;
}

/** The catalogue embedded in the page; the dev server (Vite) serves pages without it, so it is fetched. */
export async function loadCatalogue(): Promise<PageCatalogue> {
  const embedded = document.getElementById('catalogue-data')?.textContent;
  if (embedded) return JSON.parse(embedded) as PageCatalogue;
  return fetchCatalogue();
}

// One fetch per visit, shared by every menu page the family opens.
let fetchedMenu: Promise<CatalogueMenuItem[]> | null = null;

export type MenuItemsState = { items: CatalogueMenuItem[] } | { loading: true } | { failed: true };

/**
 * The cafe menu's items: from the page when it carried them (a menu page loaded directly, so the first
 * view hydrates with them), else fetched once (a family who came to the menu from another page).
 */
export function useMenuItems(): MenuItemsState {
  const { menuItems } = useCatalogue();
  const [fetched, setFetched] = useState<MenuItemsState>({ loading: true });
  useEffect(() => {
    if (menuItems) return;
    let current = true;
    fetchedMenu ??= fetchCatalogue().then((c) => c.menuItems);
    fetchedMenu.then(
      (items) => current && setFetched({ items }),
      () => {
        fetchedMenu = null; // the next visit to the menu tries again
        if (current) setFetched({ failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [menuItems]);
  return menuItems ? { items: menuItems } : fetched;
}
