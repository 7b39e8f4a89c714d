import { RefreshCw } from 'lucide-react';
import { Spinner } from '../../../components/ui/primitives';
import { loadErrorText, useSignInAgainOn } from '../api/staff-query';
import { formatTime } from '../lib/format';

type Polled = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  dataUpdatedAt: number;
  refetch: () => unknown;
};

/**
 * The loading and failure states every polled list shares. Returns null once there is data; a failed
 * refresh keeps showing the last data with a note instead of blanking the list.
 */
export function QueryState({ query, what }: { query: Polled; what: string }) {
  useSignInAgainOn(query.error);
  if (query.isPending) return <Spinner label={`Loading ${what}...`} />;
  if (query.isError && !query.dataUpdatedAt) {
    return (
      <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
        {loadErrorText(query.error, what)}
      </p>
    );
  }
  return null;
}

/** "Updated 10:31 AM" with a button to ask now, and a note when the last refresh failed. */
export function UpdatedAt({ query, what }: { query: Polled; what: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
      {query.isError ? (
        <span className="font-semibold text-red-800">Could not refresh {what}; showing what we had.</span>
      ) : null}
      {query.dataUpdatedAt ? <span>Updated {formatTime(new Date(query.dataUpdatedAt))}</span> : null}
      <button
        type="button"
        onClick={() => void query.refetch()}
        disabled={query.isFetching}
        className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-brand-800 underline hover:bg-brand-50 disabled:no-underline disabled:opacity-70"
      >
        <RefreshCw aria-hidden className={`h-4 w-4 ${query.isFetching ? 'animate-spin' : ''}`} />
        {query.isFetching ? 'Refreshing...' : 'Refresh'}
      </button>
    </div>
  );
}
