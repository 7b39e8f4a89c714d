import { Inbox, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { secondaryButton, Spinner } from '../../../components/ui/primitives';

/** Pieces every admin-b panel shares: its heading, and its loading, failed and empty states. */

export function PanelHeader({ id, title, intro, children }: { id: string; title: string; intro: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={id} className="text-2xl font-bold text-brand-800">
          {title}
        </h2>
        <p className="mt-1 max-w-2xl text-slate-700">{intro}</p>
      </div>
      {children}
    </div>
  );
}

/** What a query shows before it has data: a spinner with text, or why it failed and a way to retry. */
export function QueryState({ query, loading, failed }: { query: { isPending: boolean; isError: boolean; refetch: () => unknown; isFetching: boolean }; loading: string; failed: string }) {
  if (query.isPending) return <Spinner label={loading} />;
  if (!query.isError) return null;
  return (
    <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 rounded-2xl border border-berry-700 bg-white p-4 text-berry-700">
      <p className="flex-1">{failed} It is tried again every 30 seconds.</p>
      <button type="button" className={secondaryButton} onClick={() => void query.refetch()} disabled={query.isFetching}>
        <RefreshCw aria-hidden className="h-4 w-4" />
        Try again
      </button>
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

/** Small coloured label; colours pass AA contrast on their own background. */
export function Badge({ tone, children }: { tone: 'new' | 'done' | 'info' | 'warn' | 'bad'; children: ReactNode }) {
  const tones = {
    new: 'bg-berry-700 text-white',
    done: 'bg-brand-100 text-brand-800',
    info: 'bg-sky-100 text-sky-900',
    warn: 'bg-amber-100 text-amber-900',
    bad: 'bg-red-100 text-red-800',
  } as const;
  return <span className={`inline-flex items-center rounded-full px-3 py-0.5 text-sm font-semibold ${tones[tone]}`}>{children}</span>;
}

/** Buttons of the admin lists: at least 44 px tall, and wide enough to tap on a phone. */
export const smallPrimary =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-400';
export const smallSecondary =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-400 disabled:text-slate-600';
