import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Sale } from '../../../../../shared/contracts/till';
import { formatPence } from '../../../../../shared/money';
import { primaryButton, secondaryButton } from '../../../../components/ui/primitives';
import { problemText } from '../../../../lib/problem-text';
import { cancelCardSale, useSale, type TillReader } from '../api/till-api';
import { SimulatedReader } from './simulated-reader';

const statusText = (s: Sale, reader: string) =>
  s.status === 'awaiting_card'
    ? `Waiting for card on ${reader}...`
    : s.status === 'paid'
      ? 'Paid'
      : s.status === 'declined'
        ? (s.statusMessage ?? 'Declined')
        : 'Cancelled';

/**
 * The sale is on the reader: its status asked every second (the server learns it from Stripe's webhook),
 * read out as it changes. Paid moves on; declined or cancelled offers another try or the way back.
 */
export function CardWaiting({
  sale: first,
  reader,
  testMode,
  onPaid,
  onAgain,
  onBack,
}: {
  sale: Sale;
  reader: TillReader;
  testMode: boolean;
  onPaid: (sale: Sale) => void;
  onAgain: () => void;
  onBack: () => void;
}) {
  const query = useSale(first.id, true);
  const sale = query.data ?? first;
  const cancel = useMutation({ mutationFn: cancelCardSale });
  const waiting = sale.status === 'awaiting_card';
  useEffect(() => {
    if (sale.status === 'paid') onPaid(sale);
  }, [sale, onPaid]);
  const tone = waiting
    ? 'border-sky-300 bg-sky-50 text-sky-950'
    : sale.status === 'paid'
      ? 'border-green-300 bg-green-50 text-green-950'
      : 'border-red-300 bg-red-50 text-red-950';
  return (
    <section
      aria-labelledby="till-card-heading"
      className="space-y-3 rounded-3xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <h2 id="till-card-heading" className="text-xl font-bold text-brand-800">
        Card payment, {formatPence(sale.totalPence - sale.voucherPence)}
      </h2>
      <p role="status" aria-live="polite" className={`rounded-2xl border-2 p-4 text-2xl font-bold ${tone}`}>
        {statusText(sale, reader.label)}
      </p>
      {cancel.isError ? (
        <p role="alert" className="font-semibold text-berry-700">
          {problemText(cancel.error)}
        </p>
      ) : null}
      {waiting ? (
        <>
          <button
            type="button"
            className={`${secondaryButton} min-h-14 w-full`}
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(sale.id)}
          >
            {cancel.isPending ? 'Cancelling...' : 'Cancel'}
          </button>
          {testMode && reader.simulated ? <SimulatedReader saleId={sale.id} /> : null}
        </>
      ) : sale.status === 'paid' ? null : (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={`${primaryButton} grow`} onClick={onAgain}>
            Try the card again
          </button>
          <button type="button" className={`${secondaryButton} grow`} onClick={onBack}>
            Back to sale
          </button>
        </div>
      )}
    </section>
  );
}
