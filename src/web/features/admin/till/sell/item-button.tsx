import { formatPence } from '../../../../../shared/money';

/** One thing to sell as a big touch button: its name and price; sold out or full, shown but not pressable. */
export function ItemButton({
  name,
  pricePence,
  note,
  disabled,
  onPress,
}: {
  name: string;
  pricePence: number;
  /** "Sold out", "Options", "Full": read with the name. */
  note?: string;
  disabled?: boolean;
  onPress: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onPress}
      disabled={disabled}
      className="flex min-h-24 flex-col items-start justify-between gap-1 rounded-2xl border-2 border-slate-300 bg-white p-3 text-left font-semibold text-slate-900 shadow-sm hover:border-brand-700 active:bg-brand-50 disabled:cursor-not-allowed disabled:border-dashed disabled:bg-slate-100 disabled:text-slate-600 disabled:shadow-none"
    >
      <span className="text-base leading-tight break-words">{name}</span>
      <span className="flex w-full flex-wrap items-baseline justify-between gap-1">
        <span className="text-lg text-brand-800 in-disabled:text-slate-600">{formatPence(pricePence)}</span>
        {note ? <span className="text-sm font-semibold text-slate-700">{note}</span> : null}
      </span>
    </button>
  );
}
