import { Banknote, CreditCard, Trash2 } from 'lucide-react';
import { formatPence } from '../../../../../shared/money';
import { CheckboxField } from '../../components/fields';
import { smallSecondary } from '../../components/panel-parts';
import { entryCount, estimateTotal } from '../lib/basket';
import { BasketLines } from './basket-lines';
import { CodesField } from './codes-field';
import type { Basket } from './use-basket';

const payButton =
  'inline-flex min-h-16 grow basis-36 items-center justify-center gap-2 rounded-2xl px-3 text-lg font-bold whitespace-nowrap text-white shadow-sm disabled:cursor-not-allowed disabled:bg-slate-400';
const toggle = (on: boolean) =>
  `min-h-12 grow rounded-full border-2 px-4 font-semibold ${on ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:border-brand-700'}`;

/** The sale being built: lines, eat in or takeaway, codes, the estimated total, and the two ways to pay. */
export function BasketPanel({ basket, onPay }: { basket: Basket; onPay: (method: 'cash' | 'card') => void }) {
  const empty = basket.lines.length === 0;
  return (
    <section
      aria-labelledby="till-sale-heading"
      className="space-y-3 rounded-3xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="till-sale-heading" className="text-xl font-bold text-brand-800">
          Sale
        </h2>
        {empty ? null : (
          <button type="button" className={smallSecondary} onClick={basket.clear}>
            <Trash2 aria-hidden className="h-4 w-4" />
            Clear sale
          </button>
        )}
      </div>
      <BasketLines lines={basket.lines} onChange={basket.change} />
      <div role="group" aria-label="Eat in or takeaway" className="flex gap-2">
        <button
          type="button"
          aria-pressed={basket.eatIn}
          className={toggle(basket.eatIn)}
          onClick={() => basket.setEatIn(true)}
        >
          Eat in
        </button>
        <button
          type="button"
          aria-pressed={!basket.eatIn}
          className={toggle(!basket.eatIn)}
          onClick={() => basket.setEatIn(false)}
        >
          Takeaway
        </button>
      </div>
      {entryCount(basket.lines) > 0 ? (
        <CheckboxField
          id="till-check-in"
          label="Check entry in now"
          checked={basket.checkIn}
          onChange={basket.setCheckIn}
        />
      ) : null}
      <CodesField codes={basket.codes} onAdd={basket.addCode} onRemove={basket.removeCode} />
      <p className="flex items-baseline justify-between border-t border-slate-200 pt-2">
        <span className="text-lg font-semibold text-slate-900">Total</span>
        <span id="till-basket-total" className="text-3xl font-bold text-slate-900">
          {formatPence(estimateTotal(basket.lines))}
        </span>
      </p>
      {basket.codes.length ? (
        <p className="text-sm text-slate-700">
          The codes are applied when you pay: the till shows what is left to pay.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={`${payButton} bg-brand-700 hover:bg-brand-800`}
          disabled={empty}
          onClick={() => onPay('card')}
        >
          <CreditCard aria-hidden className="h-6 w-6" />
          Pay by card
        </button>
        <button
          type="button"
          className={`${payButton} bg-slate-800 hover:bg-slate-900`}
          disabled={empty}
          onClick={() => onPay('cash')}
        >
          <Banknote aria-hidden className="h-6 w-6" />
          Pay by cash
        </button>
      </div>
    </section>
  );
}
