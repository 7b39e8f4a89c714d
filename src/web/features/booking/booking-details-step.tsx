import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { normaliseCreditEmail } from '../../../shared/contracts/credits';
import { bookingFormSchema, type TicketTypeDto } from '../../../shared/contracts/booking';
import { useCatalogue } from '../../app/catalogue';
import { useAvailability } from './api/availability';
import { useFamilySession } from '../../api/family-session';
import { ContactFields } from './components/contact-fields';
import { DayNotice, PriceChangedNote, ProceedToPayment, SpecialRequestsField } from './components/details-step-parts';
import { CreditsEmailNote } from './components/credits-email-note';
import { DetailsOrderSummary } from './components/gift-voucher-lines';
import { SessionTimeField } from './components/session-time-field';
import { LoyaltyOptInCard, TermsField } from './components/terms-and-loyalty';
import { Card } from '../../components/ui/primitives';
import { useZodForm } from '../../lib/use-zod-form';
import { VisitDateSection } from './components/visit-date-section';
import { VoucherCodeField } from './components/voucher-code-field';
import { bookableRange } from '../../../shared/dates';
import { childCount, pointsPreview, type Quantities, ticketCount } from './lib/order';
import { readPendingBooking, type PendingBooking } from './lib/pending-booking';
import { useTickedChildren } from './family/use-ticked-children';
import { useVisitPricing } from './lib/use-visit-pricing';
import { closedReasonOf, sessionChoices, sessionRequired } from './lib/sessions';
import { chosenRules } from './lib/ticket-rules';
import { type BookingFields, useSubmitBooking } from './lib/use-submit-booking';
import { PrivacyNote } from '../../components/privacy-note';
import { useHeldOffer, withOfferChoice } from './waiting-list/held-offer';
import { JoinWaitingList, WaitingListHint } from './waiting-list/join-waiting-list';
import { OfferBanner } from './waiting-list/offer-banner';
import { useOfferPreselect } from './waiting-list/use-offer-preselect';

// Only a browser with a family session loads the profile's code (issue 39): a signed-out family's page is as before.
const WhosComing = lazy(async () => ({ default: (await import('./family/whos-coming')).WhosComing }));

// After a failed submit, the first of these with a message takes focus (the session radios have no id).
const backLink = 'mb-4 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 hover:underline';

const focusOrder = [
  'customerName',
  'customerPhone',
  'customerEmail',
  'selectedDate',
  'specialRequests',
  'voucherCode',
  'agreeToTerms',
] as const;

/** The contact details kept from a booking not yet paid for (coming back from /payment), else the confirmed e-mail. */
const initialDetails = (saved: PendingBooking | null, confirmedEmail: string | undefined): BookingFields => ({
  customerName: saved?.customerName ?? '',
  customerPhone: saved?.customerPhone ?? '',
  customerEmail: saved?.customerEmail ?? confirmedEmail ?? '',
  selectedDate: '',
  selectedTime: '',
  specialRequests: '',
  voucherCode: '',
  agreeToTerms: false,
});

/** Step 2: who is coming and when. Loaded only after Continue to Booking (it brings zod and the calendar). */
export function BookingDetailsStep({
  types,
  quantities,
  onQuantities,
  onBack,
}: {
  types: TicketTypeDto[];
  quantities: Quantities;
  /** "Who's coming?" suggests tickets for the children ticked, and the family may change them there. */
  onQuantities: (q: Quantities) => void;
  onBack: () => void;
}) {
  const catalogue = useCatalogue();
  const children = childCount(catalogue.ticketTypes, quantities);
  const rules = chosenRules(types, quantities);
  const sessionLabels = Object.fromEntries(catalogue.sessions.map((s) => [s.id, s.label]));
  const sessionIds = catalogue.sessions.map((s) => s.id);
  const [range] = useState(() => bookableRange(new Date()));
  const availability = useAvailability(range);
  const [loyaltyOptIn, setLoyaltyOptIn] = useState(true);

  const [saved] = useState(readPendingBooking);
  // A family who confirmed their e-mail on step 1 books with it unless they type another.
  const confirmedEmail = useFamilySession().data?.email;
  // After the first submit each change is checked again at once, so a message goes when it is put right.
  const { values, errors, set, check, show } = useZodForm<BookingFields>(initialDetails(saved, confirmedEmail), {
    afterChange: 'recheck',
    order: focusOrder,
    focus: (f) => document.getElementById(f)?.focus(),
  });
  // The profile's children ticked as coming (kept with the pending booking when coming back from /payment).
  const { childIds, childrenError, setChildrenError, onTicked, refuseChildren } = useTickedChildren(saved?.childIds);
  const { submit, pending } = useSubmitBooking((message) => show({ voucherCode: message }), refuseChildren);
  const date = values.selectedDate;
  // A waiting list offer (issue 29): its date and session chosen, and bookable although they show full.
  const held = useHeldOffer();
  useOfferPreselect(held.offer, values.selectedDate, set);
  // What a membership covers for the ticked children (Who's coming? works it out; the server prices the booking).
  const [memberCover, setMemberCover] = useState(0);
  const {
    visitTypes,
    pricesLoading,
    lines,
    total,
    priceChanged,
    email,
    creditSaving,
    giftBalance,
    covered,
    giftPays,
    toPay,
  } = useVisitPricing({
    types,
    quantities,
    date,
    customerEmail: values.customerEmail,
    voucherCode: values.voucherCode,
    memberCover,
  });
  const time = values.selectedTime;
  const day = date ? availability.data?.byDate.get(date) : undefined;
  const closedReason = closedReasonOf(day);
  const choicesOn = (iso: string) =>
    sessionChoices({
      day: availability.data?.byDate.get(iso),
      date: iso,
      children,
      rules,
      sessions: catalogue.sessions,
    });
  const choices = date ? withOfferChoice(choicesOn(date), held.offer, date) : [];

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = check(bookingFormSchema, {
      // The schema cannot know which dates need a session: that depends on the date's availability.
      also: (v) => ({
        selectedTime:
          !v.selectedTime && v.selectedDate && sessionRequired(choicesOn(v.selectedDate))
            ? 'Please select a session time'
            : undefined,
      }),
    });
    if (!parsed.ok || pricesLoading) return;
    // The server names children only for the confirmed address, each with a child ticket of their own.
    const named = namesChildren ? childIds : [];
    if (named.length > children) {
      return refuseChildren('Please add a child ticket for each child who is coming, or untick a child.');
    }
    const offerToken = held.offer?.date === parsed.data.selectedDate ? (held.token ?? undefined) : undefined;
    // The total before the membership's part: the server takes off what the membership really covers.
    submit(parsed.data, quantities, total, loyaltyOptIn, { offerToken, childIds: named });
  }

  const namesChildren =
    !!confirmedEmail && normaliseCreditEmail(values.customerEmail) === normaliseCreditEmail(confirmedEmail);

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <button type="button" onClick={onBack} className={backLink}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
          Back to Tickets
        </button>
        <Card>
          <h2 className="text-2xl font-bold text-slate-900">Your Details</h2>
          {held.offer ? (
            <div className="mt-4">
              <OfferBanner offer={held.offer} />
            </div>
          ) : null}
          <form noValidate className="mt-4 space-y-6" onSubmit={onSubmit}>
            <div>
              <ContactFields values={values} errors={errors} onChange={set} />
              <CreditsEmailNote email={email} />
            </div>
            <VisitDateSection
              value={date}
              range={range}
              availability={availability}
              rules={rules}
              sessionIds={sessionIds}
              sessionLabels={sessionLabels}
              offerDate={held.offer?.date}
              error={errors.selectedDate}
              onChange={(iso) => {
                set('selectedDate', iso);
                set('selectedTime', '', false); // a new date clears the time (SPEC.md section 4)
              }}
            />
            <DayNotice closedReason={closedReason} restricted={day?.restricted} />
            {date ? (
              <SessionTimeField
                choices={choices}
                value={time}
                onChange={(v) => set('selectedTime', v)}
                error={errors.selectedTime}
              />
            ) : null}
            {date && held.offer?.date !== date ? <WaitingListHint day={day} places={ticketCount(quantities)} /> : null}
            {confirmedEmail ? (
              <Suspense fallback={null}>
                <WhosComing
                  email={confirmedEmail}
                  date={date}
                  bandId={date ? availability.data?.byDate.get(date)?.bandId : undefined}
                  types={visitTypes}
                  quantities={quantities}
                  onQuantities={(q) => {
                    onQuantities(q);
                    setChildrenError('');
                  }}
                  ticked={childIds}
                  onTicked={onTicked}
                  contact={values}
                  onPrefill={(field, value) => set(field, value, false)}
                  namesChildren={namesChildren}
                  onCover={setMemberCover}
                  error={childrenError}
                />
              </Suspense>
            ) : null}
            <SpecialRequestsField value={values.specialRequests} onChange={(v) => set('specialRequests', v)} />
            <VoucherCodeField
              value={values.voucherCode}
              onChange={(v) => set('voucherCode', v)}
              error={errors.voucherCode}
              giftBalance={giftBalance}
            />
            <LoyaltyOptInCard checked={loyaltyOptIn} onChange={setLoyaltyOptIn} points={pointsPreview(toPay)} />
            <TermsField
              checked={values.agreeToTerms}
              onChange={(v) => set('agreeToTerms', v)}
              error={errors.agreeToTerms}
            />
            <PrivacyNote />
            {priceChanged ? <PriceChangedNote date={date} /> : null}
            <ProceedToPayment pending={pending} pricesLoading={pricesLoading} amountPence={toPay} />
          </form>
        </Card>
        {/* Outside the booking form: joining has its own form (and the e-mail code's). */}
        {date && held.offer?.date !== date ? (
          <JoinWaitingList date={date} day={day} places={ticketCount(quantities)} email={values.customerEmail} />
        ) : null}
      </div>
      <div className="lg:sticky lg:top-6 lg:self-start">
        <DetailsOrderSummary
          lines={lines}
          loyaltyOptIn={loyaltyOptIn}
          creditSaving={creditSaving}
          total={total}
          giftPays={giftPays}
          covered={covered}
        />
      </div>
    </div>
  );
}
