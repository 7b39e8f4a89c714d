import { useState, type FormEvent } from 'react';
import { formatPence } from '../../../../../shared/money';
import { primaryButton, secondaryButton } from '../../../../components/ui/primitives';
import { useNavigate } from '../../../../app/router';
import { problemText } from '../../../../lib/problem-text';
import { TextArea } from '../../components/fields';
import { useCloseTill } from '../api/till-api';
import { countedOf, denominationLabel, drawerTotal, emptyCount, type DrawerCount } from '../lib/cash';
import { forgetDeviceTill, type DeviceTill } from '../lib/device-till';
import { reportPath } from '../report/report-path';
import { DrawerCountGrid } from './drawer-count';

/** Closing the till: count the drawer, then the Z report. A closed till never changes. */
export function CloseTill({ till, onBack }: { till: DeviceTill; onBack: () => void }) {
  const [count, setCount] = useState<DrawerCount>(emptyCount);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = useCloseTill(till.sessionId);
  const navigate = useNavigate();

  function submit(e: FormEvent) {
    e.preventDefault();
    const counted = countedOf(count);
    if (!counted.ok) return setProblem(`The ${denominationLabel(counted.bad)} box is not a whole number.`);
    setProblem(null);
    close.mutate(
      { counted: counted.counted, note },
      {
        onSuccess: () => {
          forgetDeviceTill(till.sessionId);
          navigate(reportPath(till.sessionId));
        },
        onError: (err) => setProblem(problemText(err)),
      },
    );
  }

  return (
    <section
      aria-labelledby="till-close-heading"
      className="mx-auto max-w-4xl rounded-3xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="till-close-heading" className="text-2xl font-bold text-brand-800">
        Close {till.till}
      </h2>
      <p className="mt-1 text-slate-700">Count everything in the drawer, float included. The Z report follows.</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <DrawerCountGrid count={count} onChange={setCount} />
        <TextArea id="till-close-note" label="Note (optional)" value={note} onChange={setNote} maxLength={500} />
        {problem ? (
          <p role="alert" className="font-semibold text-berry-700">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button type="button" className={secondaryButton} onClick={onBack} disabled={close.isPending}>
            Back to the till
          </button>
          <button type="submit" className={primaryButton} disabled={close.isPending}>
            {close.isPending ? 'Closing...' : `Close till with ${formatPence(drawerTotal(count))} counted`}
          </button>
        </div>
      </form>
    </section>
  );
}
