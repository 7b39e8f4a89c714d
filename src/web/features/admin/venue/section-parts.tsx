import type { ReactNode } from 'react';
import { StaleAlert, useStale, type Stale } from './stale-alert';
import type { AdminCatalogue } from '../../../../shared/catalogue';

/** What every Venue section is given: the admin catalogue as last loaded. */
export type SectionProps = { catalogue: AdminCatalogue };

/** The frame of every editor card: white, rounded, less padding on a 390 px phone. */
export const cardClass = 'min-w-0 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';

/** A Venue section's heading (h3, under the tab's h2) and what it changes on the site. */
export function SectionHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mb-4">
      <h3 className="text-xl font-bold text-brand-800">{title}</h3>
      <p className="mt-1 max-w-2xl text-slate-700">{children}</p>
    </div>
  );
}

/** A card holding one editor: its heading (h4), its own stale alert, and its form. */
export function EditorCard({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: (stale: Stale) => ReactNode;
}) {
  const stale = useStale();
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h4 id={id} className="mb-3 text-lg font-bold text-brand-800">
        {title}
      </h4>
      <StaleAlert stale={stale} />
      {children(stale)}
    </section>
  );
}
