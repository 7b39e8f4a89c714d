/** One choice of the cancel dialog: a radio with its label and what choosing it means, the whole card clickable. */
export function RadioCard(props: {
  name: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  detail: string;
  invalid?: boolean;
}) {
  return (
    <label className="flex cursor-pointer gap-3 rounded-2xl border-2 border-slate-200 p-3 has-[:checked]:border-brand-700">
      <input
        type="radio"
        name={props.name}
        checked={props.checked}
        onChange={props.onChange}
        aria-invalid={props.invalid || undefined}
        className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
      />
      <span>
        <span className="block font-semibold">{props.label}</span>
        <span className="block text-slate-700">{props.detail}</span>
      </span>
    </label>
  );
}
