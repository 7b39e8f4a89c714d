import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Info, Lock, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDebounced } from './lib/use-debounced';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { bookingFormSchema, type TicketTypeDto } from '../../../shared/contracts/booking';
import { formatPence } from '../../../shared/money';
import { useAvailability } from './api/availability';
import { useCreditBalance } from '../../api/credit-balance';
import { ContactFields } from './components/contact-fields';
import { OrderSummary } from './components/order-summary';
import { SessionTimeField } from './components/session-time-field';
import { LoyaltyOptInCard, TermsField } from './components/terms-and-loyalty';
import { Card, FieldError, primaryButton, Spinner, textInput } from '../../components/ui/primitives';
import { VisitDateField } from './components/visit-date-field';
import { VoucherCodeField } from './components/voucher-code-field';
import { bookableRange, isWeekend } from '../../../shared/dates';
import {
  childCount,
  expectedCreditSaving,
  needsWeekdayMorning,
  orderLines,
  orderTotal,
  pointsPreview,
  type Quantities,
} from './lib/order';
import { readPendingBooking } from './lib/pending-booking';
import { sessionChoices, sessionRequired } from './lib/sessions';
import { type BookingFormValues, useSubmitBooking } from './lib/use-submit-booking';

const baseResolver = zodResolver(bookingFormSchema);

/** Step 2: who is coming and when. Loaded only after Continue to Booking (it brings zod and the calendar). */
export function BookingDetailsStep({
  types,
  quantities,
  onBack,
}: {
  types: TicketTypeDto[];
  quantities: Quantities;
  onBack: () => void;
}) {
  const lines = orderLines(types, quantities);
  const total = orderTotal(lines);
  const children = childCount(quantities);
  const morningOnly = needsWeekdayMorning(types, quantities);
  const [range] = useState(() => bookableRange(new Date()));
  const availability = useAvailability(range);
  const [loyaltyOptIn, setLoyaltyOptIn] = useState(true);
  const { submit, pending } = useSubmitBooking();

  // The resolver reads the latest session rule through a ref: it depends on the chosen date's availability.
  const needsSession = useRef<(v: BookingFormValues) => boolean>(() => false);
  const resolver = useMemo<Resolver<BookingFormValues>>(
    () => async (values, ctx, opts) => {
      const result = await baseResolver(values, ctx, opts);
      if (!values.selectedTime && values.selectedDate && needsSession.current(values)) {
        return {
          values: {},
          errors: { ...result.errors, selectedTime: { type: 'required', message: 'Please select a session time' } },
        };
      }
      return result as Awaited<ReturnType<Resolver<BookingFormValues>>>;
    },
    [],
  );
  const saved = readPendingBooking();
  const { register, handleSubmit, control, setValue, formState } = useForm<BookingFormValues>({
    resolver,
    defaultValues: {
      customerName: saved?.customerName ?? '',
      customerPhone: saved?.customerPhone ?? '',
      customerEmail: saved?.customerEmail ?? '',
      selectedDate: '',
      selectedTime: '',
      specialRequests: '',
      voucherCode: '',
    },
  });
  const { errors, isSubmitted } = formState;
  const date = useWatch({ control, name: 'selectedDate' });
  // Credits follow the e-mail the booking is made with: estimate the saving for the address typed here.
  const email = useDebounced(useWatch({ control, name: 'customerEmail' }) ?? '', 400);
  const creditSaving = expectedCreditSaving(quantities, useCreditBalance(email).data?.totalActiveCredits ?? 0);
  const time = useWatch({ control, name: 'selectedTime' }) ?? '';
  const day = date ? availability.data?.get(date) : undefined;
  const choices = date ? sessionChoices(day, date, children, morningOnly) : [];
  useEffect(() => {
    needsSession.current = (v) =>
      sessionRequired(sessionChoices(availability.data?.get(v.selectedDate), v.selectedDate, children, morningOnly));
  }, [availability.data, children, morningOnly]);

  const isUnavailable = (iso: string) => {
    if (morningOnly && isWeekend(iso)) return true;
    const d = availability.data?.get(iso);
    return d ? !d.available : false; // SPEC.md: when availability cannot be read, a date counts as available
  };

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <button
          type="button"
          onClick={onBack}
          className="mb-4 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 hover:underline"
        >
          <ArrowLeft aria-hidden className="h-5 w-5" />
          Back to Tickets
        </button>
        <Card>
          <h2 className="text-2xl font-bold text-slate-900">Your Details</h2>
          <form
            noValidate
            className="mt-4 space-y-6"
            onSubmit={handleSubmit((v) => submit(v, quantities, total, loyaltyOptIn))}
          >
            <ContactFields register={register} errors={errors} />
            <div>
              <label id="selectedDate-label" htmlFor="selectedDate" className="block font-semibold text-slate-900">
                Visit Date
              </label>
              <div className="mt-1">
                <VisitDateField
                  id="selectedDate"
                  value={date}
                  range={range}
                  loading={availability.isPending}
                  isUnavailable={isUnavailable}
                  invalid={!!errors.selectedDate}
                  describedBy={errors.selectedDate ? 'selectedDate-error' : undefined}
                  onChange={(iso) => {
                    setValue('selectedDate', iso, { shouldValidate: isSubmitted });
                    setValue('selectedTime', '', { shouldValidate: false }); // a new date clears the time (SPEC.md section 4)
                  }}
                />
              </div>
              <FieldError id="selectedDate-error" message={errors.selectedDate?.message} />
              {availability.isError ? (
                <p className="mt-1 text-sm text-slate-700">
                  We couldn&apos;t check availability just now; we&apos;ll confirm your places when you book.
                </p>
              ) : null}
            </div>
            {day?.restricted ? (
              <div role="status" className="flex gap-3 rounded-2xl border-2 border-amber-400 bg-amber-50 p-4">
                <TriangleAlert aria-hidden className="h-6 w-6 shrink-0 text-amber-700" />
                <div>
                  <p className="font-bold text-slate-900">Limited Availability</p>
                  <p className="text-slate-800">
                    This date has restricted availability. Please contact us for more information.
                  </p>
                </div>
              </div>
            ) : null}
            {date ? (
              <SessionTimeField
                choices={choices}
                value={time}
                onChange={(v) => setValue('selectedTime', v, { shouldValidate: isSubmitted })}
                error={errors.selectedTime?.message}
              />
            ) : null}
            <div>
              <label htmlFor="specialRequests" className="block font-semibold text-slate-900">
                Special Requirements <span className="font-normal text-slate-600">(optional)</span>
              </label>
              <textarea
                id="specialRequests"
                rows={3}
                className={`${textInput} mt-1`}
                placeholder="Allergies, accessibility needs, anything we should know"
                {...register('specialRequests')}
              />
            </div>
            <VoucherCodeField registration={register('voucherCode')} error={errors.voucherCode?.message} />
            <LoyaltyOptInCard checked={loyaltyOptIn} onChange={setLoyaltyOptIn} points={pointsPreview(total)} />
            <TermsField registration={register('agreeToTerms')} error={errors.agreeToTerms?.message} />
            <button type="submit" className={`${primaryButton} w-full`} disabled={pending}>
              {pending ? (
                <Spinner label="Processing..." className="py-0 text-white [&_svg]:text-white" />
              ) : (
                <>
                  <Lock aria-hidden className="h-5 w-5" />
                  Proceed to Payment · {formatPence(total)}
                </>
              )}
            </button>
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <Info aria-hidden className="h-4 w-4 shrink-0" />
              Your places are held for 15 minutes while you pay.
            </p>
          </form>
        </Card>
      </div>
      <div className="lg:sticky lg:top-6 lg:self-start">
        <OrderSummary lines={lines} showPoints={loyaltyOptIn} creditSaving={creditSaving} />
      </div>
    </div>
  );
}
