import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';

/** Pieces the Inquiries, Birthday Parties, Booking Calendar and Mail panels share: heading, empty state, buttons. */

export function PanelHeader({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 max-w-2xl text-slate-700">{intro}</p>
      </div>
      {children}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-4 flex flex-col items-center gap-2 rounded-3xl border-2 border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <Inbox aria-hidden className="h-10 w-10 text-brand-700" />
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      <p className="max-w-md text-slate-700">{children}</p>
    </div>
  );
}

/** Buttons of the admin lists: at least 44 px tall, and wide enough to tap on a phone. */
export const smallPrimary =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-400';
export const smallSecondary =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-400 disabled:text-slate-600';
