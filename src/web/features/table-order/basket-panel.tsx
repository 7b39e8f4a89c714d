import { Minus, Plus, ShoppingBasket } from 'lucide-react';
import { useId, useState } from 'react';
import type { CafeMenuItem, CreateCafeOrderResponse } from '../../../shared/contracts/cafe-orders';
import { formatPence } from '../../../shared/money';
import type { PaymentOutcome } from '../../components/payment/payment-outcome';
import { ProviderPaymentForm } from '../../components/payment/provider-payment-form';
import { Card, primaryButton, secondaryButton, textInput } from '../../components/ui/primitives';
import { problemText } from '../../lib/problem-text';
import { changeQuantity, placedOf, useSessionState, type BasketLine, type PlacedOrder } from './basket';
import { createCafeOrder } from './table-order-api';

const roundButton =
  'inline-flex h-11 w-11 items-center justify-center rounded-full border-2 border-slate-300 bg-white text-slate-900';

/** What a line costs as the phone shows it (the server prices the order again; its total is the one paid). */
const lineEstimate = (line: BasketLine, item: CafeMenuItem | undefined) =>
  item
    ? (item.pricePence +
        item.options.filter((o) => line.optionIds.includes(o.id)).reduce((s, o) => s + o.pricePence, 0)) *
      line.quantity
    : 0;

/** The basket kept on this phone, the allergy note, then the card form for the server's total. */
export function BasketPanel({
  token,
  items,
  lines,
  setLines,
  canOrder,
  onPaid,
}: {
  token: string;
  items: CafeMenuItem[];
  lines: BasketLine[];
  setLines: (l: BasketLine[]) => void;
  canOrder: boolean;
  onPaid: (order: PlacedOrder) => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  // Kept in session storage: a reload (or a card check that leaves the page) comes back to the same order.
  const [paying, setPaying] = useSessionState<CreateCafeOrderResponse | null>(`cafe-paying:${token}`, null);
  const byId = new Map(items.map((i) => [i.id, i]));
  const total = lines.reduce((s, l) => s + lineEstimate(l, byId.get(l.itemId)), 0);

  const start = () => {
    setProblem(null);
    setBusy(true);
    createCafeOrder({
      tableToken: token,
      requestId,
      lines: lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity, optionIds: l.optionIds })),
      allergyNote: note.trim() || undefined,
    }).then(
      (r) => {
        setBusy(false);
        setPaying(r);
      },
      (e: unknown) => {
        setBusy(false);
        setRequestId(crypto.randomUUID());
        setProblem(problemText(e));
      },
    );
  };

  const onOutcome = (o: PaymentOutcome) => {
    if (o.status === 'failed') return setProblem(o.message);
    if (!paying) return;
    setPaying(null);
    onPaid(placedOf(paying));
  };

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <ShoppingBasket aria-hidden className="h-6 w-6 text-brand-700" />
        Your order
      </h2>
      {lines.length === 0 ? <p className="mt-2 text-slate-700">Nothing yet: add something from the menu.</p> : null}
      <ul className="mt-2 divide-y divide-slate-200">
        {lines.map((l) => {
          const item = byId.get(l.itemId);
          const opts = item?.options.filter((o) => l.optionIds.includes(o.id)).map((o) => o.label) ?? [];
          const name = item?.name ?? 'An item no longer on the menu';
          return (
            <li key={l.key} className="flex items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{name}</p>
                {opts.length ? <p className="text-sm text-slate-700">{opts.join(', ')}</p> : null}
                {item && !item.available ? <p className="text-sm font-semibold text-red-800">Sold out</p> : null}
              </div>
              <div className="flex shrink-0 items-center gap-1">
                <button
                  type="button"
                  className={roundButton}
                  aria-label={`One fewer ${name}`}
                  disabled={!!paying}
                  onClick={() => setLines(changeQuantity(lines, l.key, -1))}
                >
                  <Minus aria-hidden className="h-4 w-4" />
                </button>
                <span className="w-6 text-center font-bold">
                  {l.quantity}
                  <span className="sr-only"> of {name}</span>
                </span>
                <button
                  type="button"
                  className={roundButton}
                  aria-label={`One more ${name}`}
                  disabled={!!paying}
                  onClick={() => setLines(changeQuantity(lines, l.key, 1))}
                >
                  <Plus aria-hidden className="h-4 w-4" />
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {lines.length > 0 ? (
        <p className="mt-2 text-lg font-bold text-slate-900" data-testid="basket-total">
          Total {formatPence(paying?.finalAmount ?? total)}
        </p>
      ) : null}
      <label htmlFor={`${id}-note`} className="mt-4 block font-semibold text-slate-900">
        Allergies or anything the kitchen should know (optional)
      </label>
      <textarea
        id={`${id}-note`}
        className={`${textInput} mt-1 min-h-20`}
        maxLength={300}
        value={note}
        disabled={!!paying}
        onChange={(e) => setNote(e.target.value)}
      />
      {problem ? (
        <p role="alert" className="mt-3 rounded-2xl bg-red-50 p-3 text-slate-900">
          {problem}
        </p>
      ) : null}
      {paying ? (
        <div className="mt-4">
          <ProviderPaymentForm
            key={paying.clientSecret}
            clientSecret={paying.clientSecret}
            amount={paying.finalAmount}
            returnPath={`/order/${encodeURIComponent(token)}`}
            onOutcome={onOutcome}
            back={
              <button
                type="button"
                className={secondaryButton}
                onClick={() => {
                  setPaying(null);
                  setRequestId(crypto.randomUUID());
                }}
              >
                Change order
              </button>
            }
          />
        </div>
      ) : (
        <button
          type="button"
          className={`${primaryButton} mt-4 w-full`}
          disabled={!canOrder || lines.length === 0 || busy}
          onClick={start}
        >
          {busy ? 'Preparing your payment...' : 'Pay for the order'}
        </button>
      )}
    </Card>
  );
}
