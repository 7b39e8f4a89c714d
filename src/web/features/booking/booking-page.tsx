import { ArrowRight } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from '../../app/router';
import { useCatalogue } from '../../app/catalogue';
import { hoursByDay, sameHoursEveryDay } from '../../app/opening-hours';
import { toast } from '../../components/ui/toast-store';
import { useTicketTypes } from './api/ticket-types';
import { SessionCreditsCard } from './components/session-credits-card';
import { OrderSummary } from './components/order-summary';
import { PageShell } from '../../components/page-shell';
import { BulkCreditsCard, PartyCard } from './components/promo-cards';
import { TicketCounter } from './components/ticket-counter';
import { Card, primaryButton, Spinner } from '../../components/ui/primitives';
import { expectedCreditSaving, orderLines, type Quantities, ticketCount } from './lib/order';
import { readPendingBooking } from './lib/pending-booking';

// Only a waiting list offer's link (?offer=) loads this (issue 29).
const OfferOnTicketsStep = lazy(async () => ({
  default: (await import('./waiting-list/offer-on-tickets-step')).OfferOnTicketsStep,
}));
const BookingDetailsStep = lazy(async () => ({ default: (await import('./booking-details-step')).BookingDetailsStep }));

/**
 * /booking: step 1 chooses tickets, step 2 (?step=details, so the browser's back button works) takes
 * the details. Coming back from /payment restores the tickets of the pending booking.
 */
export function BookingPage() {
  const { openingHours } = useCatalogue();
  const types = useTicketTypes();
  const [params, setParams] = useSearchParams();
  const [quantities, setQuantities] = useState<Quantities>(() => readPendingBooking()?.ticketQuantities ?? {});
  const [credits, setCredits] = useState(0);
  const onCredits = useCallback((n: number) => setCredits(n), []);
  const details = params.get('step') === 'details' && ticketCount(quantities) > 0 && !!types.data;

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [details]); // each step starts at its top

  const goToDetails = () => {
    if (ticketCount(quantities) === 0) {
      toast({ title: 'No tickets selected', description: 'Please select at least one ticket to continue' });
      return;
    }
    setParams({ step: 'details' });
  };

  const sameHours = sameHoursEveryDay(openingHours);
  const openPlay = sameHours ? `${sameHours} every day` : hoursByDay(openingHours);
  const intro = details
    ? `Open play runs ${openPlay}. Please arrive by ${openingHours.lastEntryLabel}, our last entry, and ${openingHours.arriveEarlyMinutes} minutes before a session starts.`
    : 'Choose your tickets, then tell us when you are coming. Session credits are applied automatically.';

  return (
    <PageShell title={details ? 'Complete Your Booking' : 'Book Your Visit'} intro={intro}>
      {types.isPending ? (
        <Spinner label="Loading tickets..." />
      ) : types.isError ? (
        <Card>
          <p className="text-slate-800">
            We couldn&apos;t load ticket prices just now. Please refresh the page, or call us to book.
          </p>
        </Card>
      ) : details ? (
        <Suspense fallback={<Spinner label="Loading the booking form..." />}>
          <BookingDetailsStep
            types={types.data}
            quantities={quantities}
            onQuantities={setQuantities}
            onBack={() => setParams({})}
          />
        </Suspense>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            {params.get('offer') ? (
              <Suspense fallback={null}>
                <OfferOnTicketsStep />
              </Suspense>
            ) : null}
            <h2 className="text-2xl font-bold text-slate-900">Choose Your Tickets</h2>
            {types.data.length === 0 ? (
              <p className="mt-4 text-slate-700">No tickets are on sale right now. Please call us to book a visit.</p>
            ) : (
              <div className="mt-4 space-y-3">
                {types.data.map((t) => (
                  <TicketCounter
                    key={t.id}
                    type={t}
                    count={quantities[t.id] ?? 0}
                    onChange={(n) => setQuantities((q) => ({ ...q, [t.id]: n }))}
                  />
                ))}
              </div>
            )}
          </Card>
          <div className="lg:sticky lg:top-6 lg:col-start-3 lg:row-span-2 lg:row-start-1 lg:self-start">
            <OrderSummary
              lines={orderLines(types.data, quantities)}
              creditSaving={expectedCreditSaving(types.data, quantities, credits)}
            >
              <button type="button" className={`${primaryButton} w-full`} onClick={goToDetails}>
                Continue to Booking
                <ArrowRight aria-hidden className="h-5 w-5" />
              </button>
            </OrderSummary>
          </div>
          <div className="grid gap-4 md:grid-cols-2 lg:col-span-2">
            <SessionCreditsCard onCredits={onCredits} className="md:col-span-2" />
            <BulkCreditsCard />
            <PartyCard />
          </div>
        </div>
      )}
    </PageShell>
  );
}
