import { Bell, BellOff, ChefHat, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { KitchenItem, KitchenOrder } from '../../../shared/contracts/cafe-orders';
import { Spinner } from '../../components/ui/primitives';
import { beep, useKitchen } from './use-kitchen';

const bigButton =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-5 py-2 text-lg font-bold disabled:opacity-60';

/** Age colour: under 5 minutes calm, under 10 amber, older red. */
const ageClass = (minutes: number) =>
  minutes < 5
    ? 'border-emerald-600 bg-emerald-50'
    : minutes < 10
      ? 'border-amber-500 bg-amber-50'
      : 'border-red-700 bg-red-50';

function useNow(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

/**
 * /kitchen (issue 49): the screen in the kitchen (a device in kitchen mode). Paid orders arrive live, oldest
 * first; the cook starts and bumps them, may recall the last bumped, and switches items sold out.
 */
export function KitchenPage() {
  const [muted, setMuted] = useState(false);
  const { state, move, setAvailable } = useKitchen(() => {
    if (!muted) beep();
  });
  const [problem, setProblem] = useState<string | null>(null);
  const now = useNow(15_000);
  const report = (p: Promise<string | null>) => void p.then(setProblem);

  return (
    <div className="min-h-screen bg-slate-100">
      <header className="flex items-center justify-between gap-4 bg-slate-900 px-6 py-3 text-white">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <ChefHat aria-hidden className="h-7 w-7" />
          Kitchen
        </h1>
        <button
          type="button"
          aria-pressed={muted}
          onClick={() => setMuted((m) => !m)}
          className="inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-white px-4 py-2 font-semibold"
        >
          {muted ? <BellOff aria-hidden className="h-5 w-5" /> : <Bell aria-hidden className="h-5 w-5" />}
          {muted ? 'Sound off' : 'Sound on'}
        </button>
      </header>
      <main className="p-6">
        {problem ? (
          <p role="alert" className="mb-4 rounded-2xl bg-red-100 p-3 text-slate-900">
            {problem}
          </p>
        ) : null}
        {state.kind === 'loading' ? <Spinner label="Opening the kitchen screen..." /> : null}
        {state.kind === 'refused' || state.kind === 'failed' ? (
          <div role="alert" className="max-w-xl rounded-3xl bg-white p-6 text-slate-900">
            <p className="text-xl font-bold">This screen is not in kitchen mode</p>
            <p className="mt-2">{state.message}</p>
            <p className="mt-2">
              A member of staff signs in at <a href="/admin">the staff area</a> on this device and chooses Kitchen mode.
            </p>
          </div>
        ) : null}
        {state.kind === 'ready' ? (
          <div className="grid items-start gap-6 lg:grid-cols-[1fr_18rem]">
            <Orders orders={state.orders} now={now} onMove={(o, s) => report(move(o, s))} />
            <Switches items={state.items} onSwitch={(i, a) => report(setAvailable(i, a))} />
          </div>
        ) : null}
      </main>
    </div>
  );
}

function Orders({
  orders,
  now,
  onMove,
}: {
  orders: KitchenOrder[];
  now: number;
  onMove: (o: KitchenOrder, s: 'in_progress' | 'ready') => void;
}) {
  const open = orders
    .filter((o) => o.status === 'paid' || o.status === 'in_progress')
    .sort((a, b) => a.paidAt.localeCompare(b.paidAt));
  const lastBumped = orders
    .filter((o) => o.status === 'ready' && o.readyAt)
    .sort((a, b) => b.readyAt!.localeCompare(a.readyAt!))[0];
  return (
    <section aria-labelledby="kitchen-orders">
      <div className="flex items-center justify-between gap-4">
        <h2 id="kitchen-orders" className="text-xl font-bold text-slate-900">
          Orders ({open.length})
        </h2>
        {lastBumped ? (
          <button
            type="button"
            className={`${bigButton} border-2 border-slate-700 bg-white text-slate-900`}
            onClick={() => onMove(lastBumped, 'in_progress')}
          >
            <Undo2 aria-hidden className="h-5 w-5" />
            Recall order {lastBumped.number}
          </button>
        ) : null}
      </div>
      {open.length === 0 ? <p className="mt-4 text-lg text-slate-700">No orders waiting.</p> : null}
      <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {open.map((o) => (
          <li key={o.id}>
            <OrderCard order={o} now={now} onMove={onMove} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function OrderCard({
  order: o,
  now,
  onMove,
}: {
  order: KitchenOrder;
  now: number;
  onMove: (o: KitchenOrder, s: 'in_progress' | 'ready') => void;
}) {
  const minutes = Math.max(0, Math.floor((now - Date.parse(o.paidAt)) / 60_000));
  return (
    <article
      aria-labelledby={`order-${o.id}`}
      data-testid="kitchen-card"
      className={`rounded-2xl border-4 bg-white p-4 ${ageClass(minutes)}`}
    >
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={`order-${o.id}`} className="text-2xl font-bold text-slate-900">
          {o.table.name}
        </h3>
        <p className="font-semibold text-slate-800">
          #{o.number} · {minutes} min
        </p>
      </div>
      <p className="text-sm font-semibold text-slate-700">{o.status === 'paid' ? 'New' : 'Being made'}</p>
      <ul className="mt-2 space-y-1 text-lg text-slate-900">
        {o.lines.map((l, i) => (
          <li key={i}>
            <strong>{l.quantity} ×</strong> {l.name}
            {l.options.length ? (
              <span className="block pl-6 text-base text-slate-700">{l.options.join(', ')}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {o.allergyNote ? (
        <p className="mt-2 rounded-xl bg-red-700 p-2 font-bold text-white">Allergy: {o.allergyNote}</p>
      ) : null}
      <div className="mt-3">
        {o.status === 'paid' ? (
          <button
            type="button"
            className={`${bigButton} bg-slate-900 text-white`}
            onClick={() => onMove(o, 'in_progress')}
          >
            Start
          </button>
        ) : (
          <button type="button" className={`${bigButton} bg-emerald-800 text-white`} onClick={() => onMove(o, 'ready')}>
            Bump
          </button>
        )}
      </div>
    </article>
  );
}

function Switches({ items, onSwitch }: { items: KitchenItem[]; onSwitch: (i: KitchenItem, a: boolean) => void }) {
  return (
    <section aria-labelledby="kitchen-items" className="rounded-2xl bg-white p-4">
      <h2 id="kitchen-items" className="text-xl font-bold text-slate-900">
        Menu: on or sold out
      </h2>
      <ul className="mt-2 divide-y divide-slate-200">
        {items.map((i) => (
          <li key={i.id} className="flex min-h-12 items-center justify-between gap-2 py-1">
            <span className="text-slate-900">{i.name}</span>
            <button
              type="button"
              role="switch"
              aria-checked={!i.available}
              aria-label={`${i.name} sold out`}
              onClick={() => onSwitch(i, !i.available)}
              className={`min-h-11 min-w-24 rounded-full px-3 font-semibold ${
                i.available ? 'border-2 border-slate-400 bg-white text-slate-800' : 'bg-red-700 text-white'
              }`}
            >
              {i.available ? 'On' : 'Sold out'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
