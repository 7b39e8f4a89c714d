import { smallSecondary } from '../../components/panel-parts';

/**
 * After Switch user the till session is still the one who opened it, and the server refuses sales on another
 * staff member's till: switch back, or open a till of your own (theirs stays open for them to close).
 */
export function NotYourTill({ openedBy, onLeave }: { openedBy: string; onLeave: () => void }) {
  return (
    <div
      role="note"
      className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-2xl border-2 border-amber-400 bg-amber-50 p-3 text-amber-950"
    >
      <p>
        This till was opened by <strong>{openedBy}</strong>: sales on it are theirs. Switch back to them, or open a till
        of your own.
      </p>
      <button type="button" className={smallSecondary} onClick={onLeave}>
        Open a till of my own
      </button>
    </div>
  );
}
