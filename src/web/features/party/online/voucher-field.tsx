import { FieldError } from '../../../components/ui/primitives';
import { bookingErrorId, bookingFieldId, textControl } from './booking-controls';
import type { PartyBookingForm } from './use-party-booking-form';

/**
 * The VIP Party Discount (a Play Time Rewards reward, 20% off) typed on the details step. Its message is the
 * form's own (a code of the wrong shape, or what the server said on "Continue to payment"), else what the
 * live quote was told about it (not found, not for parties, already used), so a refused code is said by
 * the field before the family pays.
 */
export function VoucherField({ form, refused }: { form: PartyBookingForm; refused: string | null }) {
  const message = form.errors.voucherCode ?? refused ?? undefined;
  return (
    <div>
      <label htmlFor={bookingFieldId('voucherCode')} className="block font-semibold text-slate-900">
        VIP Party Discount voucher<span className="font-normal text-slate-700"> (optional)</span>
      </label>
      <p id="book-voucherCode-hint" className="text-sm text-slate-700">
        Swapped your Play Time Rewards points for the VIP Party Discount? Type its code, like PTB-ABCD-EFGH, for 20%
        off.
      </p>
      <input
        {...textControl(form, 'voucherCode')}
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `book-voucherCode-hint ${bookingErrorId('voucherCode')}` : 'book-voucherCode-hint'}
      />
      <FieldError id={bookingErrorId('voucherCode')} message={message} />
    </div>
  );
}
