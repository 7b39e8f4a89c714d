import { ArrowLeft, Info, Lock, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import { normaliseCreditEmail } from '../../../shared/contracts/credits';
import { useDebounced } from '../../lib/use-debounced';
import { bookingFormSchema, type TicketTypeDto } from '../../../shared/contracts/booking';
import { longDate } from '../../../shared/date-text';
import { formatPence } from '../../../shared/money';
import { useCatalogue } from '../../app/catalogue';
import { useAvailability } from './api/availability';
import { useTicketTypes } from './api/ticket-types';
import { useGiftVoucherBalance } from './api/gift-voucher-balance';
import { useCreditBalance } from '../../api/credit-balance';
import { useFamilySession } from '../../api/family-session';
import { ContactFields } from './components/contact-fields';
import { CreditsEmailNote } from './components/credits-email-note';
import { GiftVoucherLines } from './components/gift-voucher-lines';
import { OrderSummary } from './components/order-summary';
import { SessionTimeField } from './components/session-time-field';
import { LoyaltyOptInCard, TermsField } from './components/terms-and-loyalty';
import { Card, FieldError, primaryButton, Spinner, textInput } from '../../components/ui/primitives';
import { useZodForm } from '../../lib/use-zod-form';
import { VisitDateField } from './components/visit-date-field';
import { VoucherCodeField } from './components/voucher-code-field';
import { bookableRange } from '../../../shared/dates';
import {
  childCount,
  expectedCreditSaving,
  orderLines,
  orderTotal,
  pointsPreview,
  pricesDiffer,
  type Quantities,
  ticketCount,
} from './lib/order';
import { readPendingBooking } from './lib/pending-booking';
import { closedReasonOf, sessionChoices, sessionRequired } from './lib/sessions';
import { chosenRules, dateSellsBasket, sellRuleText } from './lib/ticket-rules';
import { type BookingFields, useSubmitBooking } from './lib/use-submit-booking';
import { PrivacyNote } from '../../components/privacy-note';
import { useHeldOffer, withOfferChoice } from './waiting-list/held-offer';
import { fullSessions, JoinWaitingList, WaitingListHint } from './waiting-list/join-waiting-list';
import { OfferBanner } from './waiting-list/offer-banner';
import { useOfferPreselect } from './waiting-list/use-offer-preselect';

// Only a browser with a family session loads the profile's code (issue 39): a signed-out family's page is as before.
const WhosComing = lazy(async () => ({ default: (await import('./family/whos-coming')).WhosComing }));

// After a failed submit, the first of these with a message takes focus (the session radios have no id).
const focusOrder = [
  'customerName',
  'customerPhone',
  'customerEmail',
  'selectedDate',
  'specialRequests',
  'voucherCode',
  'agreeToTerms',
] as const;

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
  const { values, errors, set, check, show } = useZodForm<BookingFields>(
    {
      customerName: saved?.customerName ?? '',
      customerPhone: saved?.customerPhone ?? '',
      customerEmail: saved?.customerEmail ?? confirmedEmail ?? '',
      selectedDate: '',
      selectedTime: '',
      specialRequests: '',
      voucherCode: '',
      agreeToTerms: false,
    },
    { afterChange: 'recheck', order: focusOrder, focus: (f) => document.getElementById(f)?.focus() },
  );
  // The profile's children ticked as coming (kept with the pending booking when coming back from /payment).
  const [childIds, setChildIds] = useState<string[]>(() => saved?.childIds ?? []);
  const [childrenError, setChildrenError] = useState('');
  const onTicked = useCallback(
    (ids: string[]) => {
      setChildIds(ids);
      setChildrenError('');
    },
    [setChildIds, setChildrenError],
  );
  const { submit, pending } = useSubmitBooking(
    (message) => show({ voucherCode: message }),
    (message) => {
      setChildrenError(message);
      document.getElementById('whos-coming')?.focus();
    },
  );
  const date = values.selectedDate;
  // A waiting list offer (issue 29): its date and session chosen, and bookable although they show full.
  const held = useHeldOffer();
  useOfferPreselect(held.offer, values.selectedDate, set);
  // Prices are dated: once a date is chosen the order is priced for that visit, as the server will price it.
  // Until its prices arrive the previous ones stay on screen, but the booking waits for them.
  const priced = useTicketTypes(date || undefined);
  const visitTypes = priced.data ?? types;
  const pricesLoading = !!date && priced.isPlaceholderData;
  const lines = orderLines(visitTypes, quantities);
  const total = orderTotal(lines);
  const priceChanged = !!date && !pricesLoading && pricesDiffer(orderLines(types, quantities), lines);
  // Credits follow the e-mail the booking is made with: estimate the saving for the address typed here.
  const email = useDebounced(values.customerEmail, 400);
  const credits = useCreditBalance(email).data?.totalActiveCredits ?? 0;
  const creditSaving = expectedCreditSaving(visitTypes, quantities, credits);
  // A gift voucher's code in the voucher field: what it holds, to show what it pays and what is left.
  const gift = useGiftVoucherBalance(useDebounced(values.voucherCode, 400)).data;
  const giftBalance = gift?.status === 'active' ? gift.balance : undefined;
  // What a membership covers for the ticked children (Who's coming? works it out; the server prices the booking).
  const [memberCover, setMemberCover] = useState(0);
  const covered = Math.min(memberCover, total);
  const giftPays = Math.min(giftBalance ?? 0, total - covered);
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
      setChildrenError('Please add a child ticket for each child who is coming, or untick a child.');
      document.getElementById('whos-coming')?.focus();
      return;
    }
    const offerToken = held.offer?.date === parsed.data.selectedDate ? (held.token ?? undefined) : undefined;
    // The total before the membership's part: the server takes off what the membership really covers.
    submit(parsed.data, quantities, total, loyaltyOptIn, { offerToken, childIds: named });
  }

  const isUnavailable = (iso: string) => {
    if (!dateSellsBasket(rules, iso, sessionIds)) return true;
    const d = availability.data?.byDate.get(iso);
    // A full date stays choosable: its sessions offer the waiting list (or the places an offer holds).
    if (held.offer?.date === iso || fullSessions(d, 1).length > 0) return false;
    return d ? !d.available : false; // SPEC.md: when availability cannot be read, a date counts as available
  };
  const namesChildren =
    !!confirmedEmail && normaliseCreditEmail(values.customerEmail) === normaliseCreditEmail(confirmedEmail);
  const closedReasonOn = (iso: string) => closedReasonOf(availability.data?.byDate.get(iso));

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
                  closedReason={closedReasonOn}
                  bands={availability.data?.bands ?? []}
                  bandOf={(iso) => availability.data?.byDate.get(iso)?.bandId}
                  invalid={!!errors.selectedDate}
                  describedBy={errors.selectedDate ? 'selectedDate-error' : undefined}
                  onChange={(iso) => {
                    set('selectedDate', iso);
                    set('selectedTime', '', false); // a new date clears the time (SPEC.md section 4)
                  }}
                />
              </div>
              <FieldError id="selectedDate-error" message={errors.selectedDate} />
              {rules.map((r) => (
                <p key={r.id} className="mt-1 flex items-start gap-2 text-sm text-slate-700">
                  <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
                  {sellRuleText(r, sessionLabels)}
                </p>
              ))}
              {availability.isError ? (
                <p className="mt-1 text-sm text-slate-700">
                  We couldn&apos;t check availability just now; we&apos;ll confirm your places when you book.
                </p>
              ) : null}
            </div>
            {closedReason ? (
              <div role="status" className="flex gap-3 rounded-2xl border-2 border-berry-700 bg-white p-4">
                <TriangleAlert aria-hidden className="h-6 w-6 shrink-0 text-berry-700" />
                <p className="font-bold text-slate-900">Closed: {closedReason}</p>
              </div>
            ) : day?.restricted ? (
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
            <div>
              <label htmlFor="specialRequests" className="block font-semibold text-slate-900">
                Special Requirements <span className="font-normal text-slate-600">(optional)</span>
              </label>
              <textarea
                id="specialRequests"
                rows={3}
                className={`${textInput} mt-1`}
                placeholder="Allergies, accessibility needs, anything we should know"
                name="specialRequests"
                value={values.specialRequests}
                onChange={(e) => set('specialRequests', e.target.value)}
              />
            </div>
            <VoucherCodeField
              value={values.voucherCode}
              onChange={(v) => set('voucherCode', v)}
              error={errors.voucherCode}
              giftBalance={giftBalance}
            />
            <LoyaltyOptInCard
              checked={loyaltyOptIn}
              onChange={setLoyaltyOptIn}
              points={pointsPreview(total - covered - giftPays)}
            />
            <TermsField
              checked={values.agreeToTerms}
              onChange={(v) => set('agreeToTerms', v)}
              error={errors.agreeToTerms}
            />
            <PrivacyNote />
            {priceChanged ? (
              <p role="status" className="flex items-start gap-2 rounded-xl bg-sun-300/40 px-3 py-2 text-slate-900">
                <Info aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
                Ticket prices are different for visits on {longDate(date)}: your total is for that day.
              </p>
            ) : null}
            <button type="submit" className={`${primaryButton} w-full`} disabled={pending || pricesLoading}>
              {pending ? (
                <Spinner label="Processing..." className="py-0 text-white [&_svg]:text-white" />
              ) : pricesLoading ? (
                <Spinner label="Checking prices for your date..." className="py-0 text-white [&_svg]:text-white" />
              ) : (
                <>
                  <Lock aria-hidden className="h-5 w-5" />
                  Proceed to Payment · {formatPence(total - covered - giftPays)}
                </>
              )}
            </button>
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <Info aria-hidden className="h-4 w-4 shrink-0" />
              Your places are held for 15 minutes while you pay.
            </p>
          </form>
        </Card>
        {/* Outside the booking form: joining has its own form (and the e-mail code's). */}
        {date && held.offer?.date !== date ? (
          <JoinWaitingList date={date} day={day} places={ticketCount(quantities)} email={values.customerEmail} />
        ) : null}
      </div>
      <div className="lg:sticky lg:top-6 lg:self-start">
        <OrderSummary
          lines={lines}
          showPoints={loyaltyOptIn && giftPays === 0 && covered === 0}
          creditSaving={creditSaving}
          afterTotal={
            giftPays > 0 || covered > 0 ? (
              <GiftVoucherLines total={total} giftVoucher={giftPays} membership={covered} showPoints={loyaltyOptIn} />
            ) : null
          }
        />
      </div>
    </div>
  );
}
