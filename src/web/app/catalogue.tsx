import { createContext, useContext, type ReactNode } from 'react';
import type { PublicCatalogue } from '../../shared/catalogue';

/**
 * The venue's catalogue (prices, sessions, hours, menu, notices, contacts), as the server sent it with
 * the page (server/http/catalogue-embed.ts): every component reads facts from here, never from code.
 */
const CatalogueContext = createContext<PublicCatalogue | null>(null);

export function CatalogueProvider({ catalogue, children }: { catalogue: PublicCatalogue; children: ReactNode }) {
  return <CatalogueContext.Provider value={catalogue}>{children}</CatalogueContext.Provider>;
}

export function useCatalogue(): PublicCatalogue {
  const catalogue = useContext(CatalogueContext);
  if (!catalogue) throw new Error('useCatalogue() outside <CatalogueProvider>');
  return catalogue;
}

/** The catalogue embedded in the page; the dev server (Vite) serves pages without it, so it is fetched. */
export async function loadCatalogue(): Promise<PublicCatalogue> {
  const embedded = document.getElementById('catalogue-data')?.textContent;
  if (embedded) return JSON.parse(embedded) as PublicCatalogue;
  const response = await fetch('/api/catalogue');
  if (!response.ok) throw new Error(`The catalogue could not be loaded (${response.status})`);
  return (await response.json()) as PublicCatalogue;
}
