import { Minus, Plus } from 'lucide-react';
import { Tooltip } from '../../../components/ui/tooltip';

const roundButton =
  'inline-flex h-14 w-14 items-center justify-center rounded-full border-2 border-brand-700 text-brand-800 transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500 disabled:hover:bg-transparent';

/** A touch-friendly counter between `min` and `max` (children, adults). */
export function CountStepper({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
}) {
  const labelId = `stepper-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      className="flex items-center justify-between gap-4 rounded-2xl border border-slate-200 p-3"
    >
      <span id={labelId} className="text-lg font-semibold text-slate-900">
        {label}
      </span>
      <div className="flex items-center gap-3">
        <Tooltip label={`Remove one: ${label}`}>
          <button
            type="button"
            className={roundButton}
            aria-label={`Remove one: ${label}`}
            disabled={value <= min}
            onClick={() => onChange(value - 1)}
          >
            <Minus aria-hidden className="h-6 w-6" />
          </button>
        </Tooltip>
        <output
          aria-live="polite"
          aria-label={`${label}: number`}
          className="w-10 text-center text-3xl font-bold text-slate-900"
        >
          {value}
        </output>
        <Tooltip label={`Add one: ${label}`} align="end">
          <button
            type="button"
            className={roundButton}
            aria-label={`Add one: ${label}`}
            disabled={value >= max}
            onClick={() => onChange(value + 1)}
          >
            <Plus aria-hidden className="h-6 w-6" />
          </button>
        </Tooltip>
      </div>
    </div>
  );
}
