import { Plus, Printer } from 'lucide-react';
import type { Sale } from '../../../../../shared/contracts/till';
import { formatPence } from '../../../../../shared/money';
import { primaryButton, secondaryButton } from '../../../../components/ui/primitives';
import { paidBy, paidNow } from '../lib/receipt-text';
import { printOn } from '../lib/print';
import { Receipt } from './receipt';
import { ReceiptEmail } from './receipt-email';

/** The sale is made: the change to give, large and read out, then the receipt and the next sale. */
export function SaleDone({ sale, onNext }: { sale: Sale; onNext: () => void }) {
  const cash = sale.method === 'cash';
  return (
    <section
      aria-labelledby="till-done-heading"
      className="space-y-3 rounded-3xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <h2 id="till-done-heading" className="text-xl font-bold text-brand-800">
        Sale {sale.number} paid
      </h2>
      <div
        role="status"
        aria-live="polite"
        className="rounded-2xl border-2 border-green-300 bg-green-50 p-4 text-green-950"
      >
        {cash ? (
          <>
            <p className="text-lg font-semibold">Change due</p>
            <p className="text-6xl font-bold">{formatPence(sale.changePence ?? 0)}</p>
            <p className="mt-1">
              {formatPence(sale.tenderedPence ?? 0)} handed over for {formatPence(paidNow(sale))}
            </p>
          </>
        ) : (
          <p className="text-3xl font-bold">
            Paid {formatPence(paidNow(sale))} by {paidBy(sale).toLowerCase()}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={`${primaryButton} min-h-14 grow text-lg`} onClick={onNext}>
          <Plus aria-hidden className="h-5 w-5" />
          New sale
        </button>
        <button type="button" className={`${secondaryButton} min-h-14 grow`} onClick={() => printOn('80mm')}>
          <Printer aria-hidden className="h-5 w-5" />
          Print receipt
        </button>
        <ReceiptEmail sale={sale} />
      </div>
      <Receipt sale={sale} />
    </section>
  );
}
