import { Search, SearchX } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { searchPaymentsSchema, type SearchPaymentsResponse } from '../../../../shared/contracts/admin';
import { primaryButton, textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSearchPayments } from '../api/search-payments';
import { useSignInAgainOn } from '../api/staff-query';
import { PaymentResultCard } from './payment-result-card';

/**
 * Payment search by customer name (SPEC.md "Payment search", sections 5 and 8): the term is trimmed,
 * Enter searches, and each outcome has its toast. Used by the Customer Search tab and /admin/search.
 */
export function PaymentSearch() {
  const id = useId();
  const { values, set, check } = useZodForm({ searchTerm: '' });
  const [result, setResult] = useState<{ term: string; response: SearchPaymentsResponse } | null>(null);
  const search = useSearchPayments();
  useSignInAgainOn(search.error);

  function submit(e: FormEvent) {
    e.preventDefault();
    // The message is a toast, not shown beside the field.
    const parsed = check(searchPaymentsSchema);
    if (!parsed.ok) {
      const empty = values.searchTerm.trim() === '';
      toast({
        title: 'Search Required',
        description: empty ? 'Please enter a customer name to search.' : parsed.errors.searchTerm,
        variant: 'destructive',
      });
      return;
    }
    search.mutate(parsed.data, {
      onSuccess: (response) => {
        setResult({ term: parsed.data.searchTerm, response });
        toast({ title: 'Search Complete', description: response.message });
      },
      onError: (err) =>
        err instanceof ApiError
          ? toast({
              title: 'Search Failed',
              description: err.message || 'Unable to search payments',
              variant: 'destructive',
            })
          : toast({
              title: 'Search Error',
              description: 'Failed to search payments. Please try again.',
              variant: 'destructive',
            }),
    });
  }

  const payments = result?.response.payments ?? [];
  return (
    <div className="space-y-5">
      <form
        onSubmit={submit}
        noValidate
        role="search"
        className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <label htmlFor={`${id}-term`} className="mb-1 block font-semibold text-slate-800">
          Customer name
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            id={`${id}-term`}
            type="search"
            className={textInput}
            value={values.searchTerm}
            maxLength={100}
            autoComplete="off"
            placeholder="e.g. Jo Bloggs"
            onChange={(e) => set('searchTerm', e.target.value)}
          />
          <button type="submit" className={`${primaryButton} shrink-0`} disabled={search.isPending}>
            <Search aria-hidden className="h-5 w-5" />
            {search.isPending ? 'Searching...' : 'Search'}
          </button>
        </div>
        <p className="mt-2 text-sm text-slate-700">
          Finds booking and session-credit payments by any part of the name, newest first.
        </p>
      </form>

      <div aria-live="polite">
        {!result ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            Search by a customer&apos;s name to see their payments, with amounts and status.
          </p>
        ) : payments.length === 0 ? (
          <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
            <SearchX aria-hidden className="mx-auto h-10 w-10 text-slate-500" />
            <h2 className="mt-2 text-xl font-bold text-slate-900">No Results Found</h2>
            <p className="mt-1 text-slate-700">
              No payments match &ldquo;{result.term}&rdquo;. Check the spelling, or try part of the name (first or
              last).
            </p>
          </div>
        ) : (
          <section aria-labelledby={`${id}-results`}>
            <h2 id={`${id}-results`} className="mb-3 text-lg font-bold text-slate-900">
              {result.response.message}
            </h2>
            <ul className="grid gap-3 lg:grid-cols-2">
              {payments.map((p) => (
                <PaymentResultCard key={p.id} payment={p} />
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
