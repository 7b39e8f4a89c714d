import { useState, type FormEvent } from 'react';
import type { Sale } from '../../../../../shared/contracts/till';
import { formatPence } from '../../../../../shared/money';
import { primaryButton } from '../../../../components/ui/primitives';
import { MoneyField } from '../../components/fields';
import { poundsToPence } from '../../venue/money';
import { quickTenders } from '../lib/cash';
import type { Basket } from '../sell/use-basket';
import { PayFrame } from './pay-frame';
import type { SaleSender } from './use-send-sale';

const tenderButton =
  'min-h-16 rounded-2xl border-2 border-slate-800 bg-white px-3 text-xl font-bold text-slate-900 hover:bg-slate-100 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500';

/** Cash: a quick tender (exact, £5, £10, £20) sells at once; or the amount handed over, typed. */
export function CashPay({
  basket,
  sender,
  onSold,
  onBack,
}: {
  basket: Basket;
  sender: SaleSender;
  onSold: (sale: Sale) => void;
  onBack: () => void;
}) {
  const due = sender.dueFor(basket);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string>();

  async function take(tenderedPence: number) {
    const sale = await sender.send(basket, { method: 'cash', tenderedPence });
    if (sale) onSold(sale);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const r = poundsToPence(typed);
    if (!r.ok) return setTypedError(r.message);
    if (r.pence < due) return setTypedError(`That is less than the ${formatPence(due)} to pay`);
    setTypedError(undefined);
    void take(r.pence);
  }

  return (
    <PayFrame title="Pay by cash" duePence={due} problem={sender.problem} onBack={onBack} backDisabled={sender.pending}>
      <div role="group" aria-label="Quick tender" className="grid grid-cols-2 gap-2">
        {quickTenders(due).map((t) => (
          <button
            key={t.label}
            type="button"
            className={tenderButton}
            disabled={sender.pending}
            onClick={() => void take(t.pence)}
          >
            {t.label === 'Exact' ? `Exact ${formatPence(t.pence)}` : t.label}
          </button>
        ))}
      </div>
      <form onSubmit={submit} noValidate className="space-y-2">
        <MoneyField
          id="till-tendered"
          label="Cash handed over (£)"
          value={typed}
          onChange={setTyped}
          error={typedError}
        />
        <button type="submit" className={`${primaryButton} w-full`} disabled={sender.pending}>
          {sender.pending ? 'Recording the sale...' : 'Take cash'}
        </button>
      </form>
    </PayFrame>
  );
}
