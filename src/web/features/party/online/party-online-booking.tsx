import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../../app/router';
import { longDate } from '../../../../shared/date-text';
import { todayInLondon } from '../../../../shared/dates';
import { Spinner } from '../../../components/ui/primitives';
import { DateStep } from './date-step';
import { PackageStep } from './package-step';
import {
  packagesForSlot,
  monthOf,
  dayOf,
  looksLikeVoucherCode,
  resizeFoodChoices,
  type PartyDay,
} from './party-booking-logic';
import { savePendingParty, type PendingParty } from './pending-party';
import { PriceSummary } from './price-summary';
import { StepNav, StepNoticeAlert, type StepNotice } from './step-nav';
import { bookingSteps, usePartyBookingForm, type BookingStep, type PartyBookingForm } from './use-party-booking-form';
import { usePartyMonth } from './use-party-month';
import { usePartyQuote } from './use-party-quote';
import type { PartyAvailabilityResponse, PartyQuoteResponse } from '../../../../shared/contracts/party-booking';

// Steps 3 and 4 (food, the family's details and the VIP voucher) load once the family has chosen a time,
// not with the page: /party-booking's first visit stays within its 100 KB of script (scripts/size.ts).
const loadPartyStep = () => import('./party-step');
const loadContactStep = () => import('./contact-step');
const PartyStep = lazy(async () => ({ default: (await loadPartyStep()).PartyStep }));
const ContactStep = lazy(async () => ({ default: (await loadContactStep()).ContactStep }));

const stepTitles: Record<BookingStep, string> = {
  when: 'Choose a date and time',
  package: 'Choose a package',
  party: 'The birthday child and food',
  contact: 'Your details',
};

/** The month's menu and packages, kept from the month the date was chosen in (paging on does not lose them). */
type Picked = Pick<PartyAvailabilityResponse, 'packages' | 'foodOptions' | 'depositPence'> & { day: PartyDay };

/** What the pay and confirmation pages show of the party just held (the quote's figures where it came back). */
function heldSummary(
  values: PartyBookingForm['values'],
  slotLabel: string | undefined,
  packageName: string | undefined,
  q: PartyQuoteResponse | null,
  payment: { amountPence: number },
): PendingParty['summary'] {
  return {
    date: values.date,
    slotLabel: slotLabel ?? '',
    packageName: packageName ?? '',
    children: Number(values.children),
    childFirstName: values.childFirstName.trim(),
    totalPence: q?.totalPence ?? payment.amountPence,
    balancePence: q?.balancePence ?? 0,
    balanceDueDate: q?.balanceDueDate ?? '',
  };
}

/**
 * Booking a party online (issue 28): date and time, package and children, the birthday child and food, the
 * family's details; the server prices every step (POST /api/parties/quote) and holds the room on
 * "Continue to payment" (POST /api/parties), then the deposit is paid on /party-booking/pay.
 */
export function PartyOnlineBooking() {
  const navigate = useNavigate();
  // Rendered in the browser only (a lazy section), so today's date is the family's, not the build's.
  const [today] = useState(() => todayInLondon(new Date()));
  const [month, setMonth] = useState(() => monthOf(today));
  const { state, refresh } = usePartyMonth(month);
  const monthData = state?.status === 'ready' ? state.data : null;
  // How far ahead parties are sold is the venue's setting (6 months by default, not visits' one): the
  // server says the last date with each month, and the grid pages up to its month.
  const [lastDate, setLastDate] = useState<string | null>(null);
  if (monthData && monthData.lastDate !== lastDate) setLastDate(monthData.lastDate);
  const range = { from: today, to: lastDate ?? today };
  const form = usePartyBookingForm();
  const { values } = form;
  const [step, setStep] = useState<BookingStep>('when');
  const [notice, setNotice] = useState<StepNotice | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);

  // Each new step is announced by moving focus to its heading (not on the page's first view).
  useEffect(() => {
    if (stepChanged.current) headingRef.current?.focus();
  }, [step]);
  useEffect(() => {
    // Fetched from step 2 on, so each "Continue" shows the next step at once (a failure here is tried
    // again by the lazy component when its step is shown).
    if (step === 'when') return;
    loadPartyStep().catch(() => undefined);
    loadContactStep().catch(() => undefined);
  }, [step]);
  const go = (next: BookingStep) => {
    stepChanged.current = true;
    setStep(next);
  };

  // The chosen day as the server last said: fresh when its month is the one loaded, else as it was picked.
  const freshDay =
    monthData && values.date && monthOf(values.date) === month ? dayOf(monthData.days, values.date) : undefined;
  const day = freshDay ?? picked?.day;
  const slot = day?.slots.find((s) => s.slotId === values.slotId);
  const offers = packagesForSlot(picked?.packages ?? [], slot);
  const pkg = offers.find((o) => o.id === values.packageId);

  const choice =
    values.date && values.slotId && pkg && values.children
      ? { date: values.date, slotId: values.slotId, packageId: pkg.id, children: Number(values.children) }
      : null;
  // The price without and, once a whole code is typed, with the VIP Party Discount: a refused code is said
  // by its field while the summary keeps the price without it.
  const listQuote = usePartyQuote(choice);
  const typedVoucher = values.voucherCode.trim();
  const vipQuote = usePartyQuote(
    choice && looksLikeVoucherCode(typedVoucher) ? { ...choice, voucherCode: typedVoucher } : null,
  );
  const quote = vipQuote.status === 'idle' || vipQuote.status === 'error' ? listQuote : vipQuote;
  const voucherRefused = vipQuote.status === 'error' ? (vipQuote.fieldMessage ?? vipQuote.message) : null;

  const onDate = (date: string) => {
    if (!monthData) return;
    const d = dayOf(monthData.days, date);
    if (!d) return;
    setPicked({
      packages: monthData.packages,
      foodOptions: monthData.foodOptions,
      depositPence: monthData.depositPence,
      day: d,
    });
    form.setField('date', date);
    if (!d.slots.some((s) => s.slotId === values.slotId && s.packages.length > 0)) form.setField('slotId', '');
  };
  const onSlot = (slotId: string) => {
    form.setField('slotId', slotId);
    const allowed = day?.slots.find((s) => s.slotId === slotId)?.packages ?? [];
    if (values.packageId && !allowed.includes(values.packageId)) onPackage('');
  };
  const onPackage = (id: string) => {
    form.setField('packageId', id);
    const next = (picked?.packages ?? []).find((o) => o.id === id);
    const n = Number(values.children);
    const fits = next && n >= next.minChildren && n <= next.maxChildren;
    if (!fits && values.children) form.setField('children', '');
    form.setField('foodChoices', resizeFoodChoices(values.foodChoices, fits ? n : 0));
  };

  const next = async () => {
    setNotice(null);
    if (!(await form.checkSteps(step, pkg))) return;
    const i = bookingSteps.indexOf(step);
    if (i < bookingSteps.length - 1) {
      go(bookingSteps[i + 1]!);
      return;
    }
    const outcome = await form.hold(pkg);
    if (!outcome) return;
    if (outcome.kind === 'held') {
      const q = quote.status === 'ready' ? quote.quote : null;
      savePendingParty({
        ...outcome.payment,
        summary: heldSummary(values, slot?.label, pkg?.name, q, outcome.payment),
      });
      navigate(`/party-booking/pay?id=${encodeURIComponent(outcome.payment.partyId)}`);
    } else if (outcome.kind === 'taken') {
      // Someone else took the last room while this family was filling in: back to the times, fresh.
      form.setField('slotId', '');
      setNotice({
        tone: 'taken',
        text: `Sorry, that time was just taken by another family. Nothing has been charged. Please choose another time${values.date ? ` on ${longDate(values.date)}` : ''} or another date.`,
      });
      setMonth(monthOf(values.date || range.from));
      refresh();
      go('when');
    } else if (outcome.kind === 'invalid') {
      go(outcome.step);
    } else {
      setNotice({ tone: 'error', text: outcome.message });
    }
  };

  const stepNumber = bookingSteps.indexOf(step) + 1;
  const chosen = [
    day && values.date ? `${longDate(values.date)}${slot ? `, ${slot.label}` : ''}` : null,
    pkg ? `${pkg.name}${values.children ? ` for ${values.children} children` : ''}` : null,
  ].filter((c): c is string => !!c);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <StepNoticeAlert notice={notice} />
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
          Step {stepNumber} of {bookingSteps.length}
        </p>
        <h3 ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
          {stepTitles[step]}
        </h3>
        <form
          noValidate
          aria-label={`Book a party online: ${stepTitles[step]}`}
          onSubmit={(e) => {
            e.preventDefault();
            void next();
          }}
          className="mt-4 grid grid-cols-1 gap-6"
        >
          {step === 'when' ? (
            <DateStep
              form={form}
              month={month}
              onMonth={setMonth}
              range={range}
              days={monthData?.days ?? null}
              loadError={state?.status === 'error' ? state.message : null}
              onRetry={refresh}
              onDate={onDate}
              onSlot={onSlot}
            />
          ) : step === 'package' ? (
            <PackageStep form={form} offers={offers} onPackage={onPackage} />
          ) : (
            <Suspense fallback={<Spinner label="Loading the form..." className="justify-start py-1" />}>
              {step === 'party' ? (
                <PartyStep form={form} pkg={pkg} foodOptions={picked?.foodOptions ?? []} />
              ) : (
                <ContactStep form={form} depositPence={picked?.depositPence ?? null} voucherRefused={voucherRefused} />
              )}
            </Suspense>
          )}
          <StepNav
            stepNumber={stepNumber}
            last={step === 'contact'}
            pending={form.pending}
            onBack={() => {
              setNotice(null);
              go(bookingSteps[stepNumber - 2]!);
            }}
          />
        </form>
      </div>
      <div className="grid content-start gap-4">
        <PriceSummary quote={quote} chosen={chosen} />
        <p className="text-slate-800">
          Not sure, or a bigger party?{' '}
          <a href="#party-form" className="font-semibold text-brand-800 underline">
            Send us an enquiry
          </a>{' '}
          for 25 or more children, special needs or any questions.
        </p>
      </div>
    </div>
  );
}
