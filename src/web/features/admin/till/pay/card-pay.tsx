import { useState } from 'react';
import type { Sale } from '../../../../../shared/contracts/till';
import { primaryButton } from '../../../../components/ui/primitives';
import { Spinner } from '../../../../components/ui/primitives';
import { RadioChoices } from '../../components/fields';
import { useTillReaders, type TillReader } from '../api/till-api';
import type { Basket } from '../sell/use-basket';
import { CardWaiting } from './card-waiting';
import { PayFrame } from './pay-frame';
import type { SaleSender } from './use-send-sale';

function useReaders(): { readers: TillReader[]; testMode: boolean; pending: boolean; failed: boolean } {
  const list = useTillReaders();
  return {
    readers: list.data?.readers ?? [],
    testMode: list.data?.testMode ?? false,
    pending: list.isPending,
    failed: list.isError,
  };
}

/** Card: choose the reader, send the amount to it, then wait for the card (or cancel). */
export function CardPay({
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
  const { readers, testMode, pending, failed } = useReaders();
  const [readerId, setReaderId] = useState<string>('');
  const [sale, setSale] = useState<Sale | null>(null);
  const chosen = readers.find((r) => r.id === readerId) ?? readers[0];
  const due = sender.dueFor(basket);

  async function send() {
    if (!chosen) return;
    const s = await sender.send(basket, { method: 'card', readerId: chosen.id });
    if (s?.status === 'paid') onSold(s);
    else if (s) setSale(s);
  }

  if (sale && chosen)
    return (
      <CardWaiting
        sale={sale}
        reader={chosen}
        testMode={testMode}
        onPaid={onSold}
        onAgain={() => {
          sender.forget();
          setSale(null);
        }}
        onBack={() => {
          sender.forget();
          onBack();
        }}
      />
    );
  return (
    <PayFrame title="Pay by card" duePence={due} problem={sender.problem} onBack={onBack} backDisabled={sender.pending}>
      {pending ? <Spinner label="Finding the card readers..." /> : null}
      {failed ? (
        <p role="alert" className="font-semibold text-berry-700">
          We could not load the card readers. Check the connection and try again.
        </p>
      ) : null}
      {!pending && !failed && readers.length === 0 ? (
        <p className="text-slate-800">No card reader is registered yet. An admin adds one in the Venue tab.</p>
      ) : null}
      {readers.length > 1 ? (
        <RadioChoices
          name="till-reader"
          legend="Card reader"
          choices={readers.map((r) => ({ value: r.id, label: r.label }))}
          value={chosen?.id ?? ''}
          onChange={setReaderId}
        />
      ) : chosen ? (
        <p className="text-slate-800">Card reader: {chosen.label}</p>
      ) : null}
      <button
        type="button"
        className={`${primaryButton} min-h-16 w-full text-lg`}
        disabled={!chosen || sender.pending}
        onClick={() => void send()}
      >
        {sender.pending ? 'Sending to the reader...' : 'Send to reader'}
      </button>
    </PayFrame>
  );
}
