import { Ticket } from 'lucide-react';
import { formatPence } from '../../../../shared/money';
import { FieldError, textInput } from '../../../components/ui/primitives';

/**
 * A loyalty voucher from the rewards page (10% off, free session) or a gift voucher's code: checked and
 * applied by the server. `giftBalance` is what a typed gift voucher holds, once looked up.
 */
export function VoucherCodeField({
  value,
  onChange,
  error,
  giftBalance,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  giftBalance?: number;
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
        placeholder="PTB-ABCD-EFGH or GV-…"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'voucherCode-error voucherCode-help' : 'voucherCode-help'}
        className={`${textInput} mt-1 uppercase sm:max-w-md`}
        name="voucherCode"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id="voucherCode-help" className="mt-1 text-sm text-slate-700">
        A gift voucher, or a reward you redeemed with your points. It is applied when you proceed to payment.
      </p>
      {giftBalance !== undefined ? (
        <p role="status" className="mt-1 text-sm font-medium text-brand-800">
          {giftBalance > 0
            ? `Gift voucher found: ${formatPence(giftBalance)} to spend.`
            : 'This gift voucher has nothing left to spend.'}
        </p>
      ) : null}
      <FieldError id="voucherCode-error" message={error} />
    </div>
  );
}
