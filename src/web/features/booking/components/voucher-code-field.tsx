import { Ticket } from 'lucide-react';
import { FieldError, textInput } from '../../../components/ui/primitives';

/** A loyalty voucher from the rewards page (10% off, free session): checked and applied by the server. */
export function VoucherCodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <div>
      <label htmlFor="voucherCode" className="flex items-center gap-2 font-semibold text-slate-900">
        <Ticket aria-hidden className="h-5 w-5 text-brand-700" />
        Voucher code <span className="font-normal text-slate-600">(optional)</span>
      </label>
      <input
        id="voucherCode"
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="PTB-ABCD-EFGH"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'voucherCode-error voucherCode-help' : 'voucherCode-help'}
        className={`${textInput} mt-1 uppercase sm:max-w-xs`}
        name="voucherCode"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id="voucherCode-help" className="mt-1 text-sm text-slate-700">
        From a reward you redeemed with your points. The discount is applied when you proceed to payment.
      </p>
      <FieldError id="voucherCode-error" message={error} />
    </div>
  );
}
