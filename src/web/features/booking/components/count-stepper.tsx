import { Minus, Plus } from 'lucide-react';
import type { ReactElement } from 'react';
import { Tooltip } from '../../../components/ui/tooltip';

export const MAX_PER_TYPE = 30;

const roundButton =
  'inline-flex items-center justify-center rounded-full border-2 border-brand-700 text-brand-800 transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400 disabled:hover:bg-transparent';

/**
 * A ticket type's − count + buttons: step 1's card (large, with tooltips) and the details step's "Who's coming?"
 * rows (smaller) share them, so both say the same to a screen reader.
 */
export function CountStepper({
  title,
  count,
  onChange,
  canRemove = true,
  large = false,
}: {
  title: string;
  count: number;
  onChange: (n: number) => void;
  /** False for the order's last ticket on the details step: it always has one. */
  canRemove?: boolean;
  /** Step 1's size, each button with a tooltip. */
  large?: boolean;
}) {
  const button = large ? `${roundButton} h-12 w-12` : `${roundButton} h-11 w-11`;
  const tip = (label: string, node: ReactElement<{ 'aria-describedby'?: string }>, align?: 'end') =>
    large ? (
      <Tooltip label={label} align={align}>
        {node}
      </Tooltip>
    ) : (
      node
    );
  return (
    <>
      {tip(
        `Remove one ${title}`,
        <button
          type="button"
          className={button}
          aria-label={`Remove one ${title}`}
          disabled={count <= 0 || !canRemove}
          onClick={() => onChange(count - 1)}
        >
          <Minus aria-hidden className="h-5 w-5" />
        </button>,
      )}
      <output
        aria-live="polite"
        aria-label={`${title} selected`}
        className={`w-8 text-center font-bold text-slate-900 ${large ? 'text-2xl' : 'text-xl'}`}
      >
        {count}
      </output>
      {tip(
        `Add one ${title}`,
        <button
          type="button"
          className={button}
          aria-label={`Add one ${title}`}
          disabled={count >= MAX_PER_TYPE}
          onClick={() => onChange(count + 1)}
        >
          <Plus aria-hidden className="h-5 w-5" />
        </button>,
        'end',
      )}
    </>
  );
}
