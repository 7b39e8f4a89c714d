import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { problemText } from '../../../../lib/problem-text';
import { TextField } from '../../components/fields';
import { smallPrimary } from '../../components/panel-parts';
import { presentTestCard } from '../api/till-api';

const present = ({ saleId, cardNumber }: { saleId: string; cardNumber: string }) => presentTestCard(saleId, cardNumber);

/**
 * TEST MODE only: the simulated reader a customer "taps" by typing a test card number. 4242 4242 4242 4242
 * approves, 4000 0000 0000 0002 is declined; the till learns the outcome as from a real reader.
 */
export function SimulatedReader({ saleId }: { saleId: string }) {
  const [card, setCard] = useState('4242 4242 4242 4242');
  const tap = useMutation({ mutationFn: present });
  function submit(e: FormEvent) {
    e.preventDefault();
    tap.mutate({ saleId, cardNumber: card });
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Simulated reader"
      className="space-y-2 rounded-2xl border-2 border-dashed border-amber-400 bg-amber-50 p-3"
    >
      <p className="font-bold text-amber-950">TEST MODE: simulated reader</p>
      <TextField
        id="till-test-card"
        label="Test card number"
        hint="4242 4242 4242 4242 approves; 4000 0000 0000 0002 is declined."
        value={card}
        onChange={setCard}
        inputMode="numeric"
        autoComplete="off"
      />
      {tap.isError ? (
        <p role="alert" className="font-semibold text-berry-700">
          {problemText(tap.error)}
        </p>
      ) : null}
      <button type="submit" className={smallPrimary} disabled={tap.isPending}>
        {tap.isPending ? 'Presenting...' : 'Present card'}
      </button>
    </form>
  );
}
