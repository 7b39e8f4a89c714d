import { formatPence } from '../../../../shared/money';
import { PrivacyNote } from '../../../components/privacy-note';
import { FieldError } from '../../../components/ui/primitives';
import { BookingFieldRow, bookingErrorId, bookingFieldId, describedBy, textControl } from './booking-controls';
import type { PartyBookingForm } from './use-party-booking-form';
import { VoucherField } from './voucher-field';

type Props = {
  form: PartyBookingForm;
  depositPence: number | null;
  /** What the live quote was told about the typed VIP voucher (not found, not for parties, used), if refused. */
  voucherRefused: string | null;
};

/**
 * Step 4: who is booking, the VIP Party Discount voucher if they have one, and the party terms (the
 * deposit rule and the balance date, DECISIONS.md).
 */
export function ContactStep({ form, depositPence, voucherRefused }: Props) {
  const deposit = depositPence === null ? 'The deposit' : `The ${formatPence(depositPence, { whole: true })} deposit`;
  return (
    <div className="grid gap-4">
      <BookingFieldRow form={form} field="parentName" label="Your full name">
        <input {...textControl(form, 'parentName')} type="text" autoComplete="name" maxLength={120} />
      </BookingFieldRow>
      <div className="grid gap-4 sm:grid-cols-2">
        <BookingFieldRow form={form} field="parentEmail" label="Your email address">
          <input
            {...textControl(form, 'parentEmail')}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
          />
        </BookingFieldRow>
        <BookingFieldRow form={form} field="parentPhone" label="Your phone number">
          <input {...textControl(form, 'parentPhone')} type="tel" autoComplete="tel" inputMode="tel" maxLength={30} />
        </BookingFieldRow>
      </div>
      <VoucherField form={form} refused={voucherRefused} />
      <div>
        <div className="rounded-2xl bg-slate-50 p-4">
          <h4 className="font-semibold text-slate-900">Party terms</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
            <li>{deposit} holds your room and is paid today.</li>
            <li>The balance is due 7 days before the party; we e-mail you a link to pay it.</li>
            <li>You can change the number of children until 7 days before the party.</li>
            <li>Cancel more than 14 days before the party and we refund the deposit; after that it is kept.</li>
          </ul>
        </div>
        <label htmlFor={bookingFieldId('agreeToTerms')} className="mt-3 flex min-h-11 cursor-pointer items-start gap-3">
          <input
            id={bookingFieldId('agreeToTerms')}
            type="checkbox"
            checked={form.values.agreeToTerms}
            onChange={(e) => form.setField('agreeToTerms', e.target.checked)}
            {...describedBy(form, 'agreeToTerms')}
            className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
          />
          <span className="text-slate-900">I agree to the party terms above and the venue’s terms and conditions</span>
        </label>
        <FieldError id={bookingErrorId('agreeToTerms')} message={form.errors.agreeToTerms} />
      </div>
      <PrivacyNote />
    </div>
  );
}
