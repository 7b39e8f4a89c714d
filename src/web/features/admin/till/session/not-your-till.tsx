import { smallSecondary } from '../../components/panel-parts';

/**
 * A till another member of staff serves on (signed in afresh on a device that kept the till): the server refuses
 * sales on it; switch back to them (which hands it over with a PIN), or open a till of your own.
 */
export function NotYourTill({ operator, onLeave }: { operator: string; onLeave: () => void }) {
  return (
    <div
      role="note"
      className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-2xl border-2 border-amber-400 bg-amber-50 p-3 text-amber-950"
    >
      <p>
        <strong>{operator}</strong> is serving on this till: sales on it are theirs. Switch back to them, or open a till
        of your own.
      </p>
      <button type="button" className={smallSecondary} onClick={onLeave}>
        Open a till of my own
      </button>
    </div>
  );
}
