import { CalendarPlus, Cake, Clock, ExternalLink, PartyPopper, Tag } from 'lucide-react';
import type { KioskTicket } from '../../../../shared/contracts/checkin';
import { formatPence } from '../../../../shared/money';
import { useCatalogue } from '../../../app/catalogue';
import { Spinner } from '../../../components/ui/primitives';
import { useAvailableSessions, useTicketPrices } from '../api/kiosk-api';
import { greeting, otherSessions, PARTY_ESTIMATE_CHILDREN, partyEstimates, priceCards } from '../lib/recommendations';
import { kioskSecondaryButton } from './kiosk-ui';

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;
const subHeading = 'flex items-center gap-2 text-xl font-bold text-slate-900';

/** SPEC.md "Recommendations panel": shown for the ticket that has just checked in. */
export function RecommendationsPanel({ ticket }: { ticket: KioskTicket }) {
  const sessions = useAvailableSessions(ticket.bookingDate, true);
  const prices = useTicketPrices(true);
  const { packages } = useCatalogue().parties;
  if (sessions.isPending || prices.isPending) return <Spinner label="Loading personalized recommendations..." />;
  const hello = greeting(ticket);
  const others = sessions.data ? otherSessions(sessions.data, ticket.timeSlot) : [];
  const cards = prices.data ? priceCards(prices.data, ticket.numberOfChildren) : [];

  return (
    <div className="space-y-6">
      <div className="rounded-3xl bg-sun-300/40 p-5">
        <p className="font-display text-2xl font-bold text-slate-900">{hello.title}</p>
        <p className="mt-1 text-lg text-slate-800">{hello.message}</p>
      </div>

      <section aria-labelledby="other-sessions">
        <h3 id="other-sessions" className={subHeading}>
          <Clock aria-hidden className="h-6 w-6 text-brand-700" />
          Other Sessions Today
        </h3>
        {sessions.isError ? (
          <p className="mt-2 text-lg text-slate-800">
            We could not load today&apos;s sessions. Please ask at reception.
          </p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {others.map((s) => (
              <li key={s.id} className="rounded-2xl border-2 border-slate-200 bg-white p-4">
                <p className="text-lg font-bold text-slate-900">{s.label}</p>
                <p className={`mt-1 font-semibold ${s.available ? 'text-brand-800' : 'text-slate-700'}`}>
                  {s.available ? 'Spaces available' : 'Not available to book'}
                </p>
              </li>
            ))}
          </ul>
        )}
        <a href="/booking" {...newTab} className={`${kioskSecondaryButton} mt-4 w-full sm:w-auto`}>
          <CalendarPlus aria-hidden className="h-6 w-6" />
          Book Another Session
          <span className="sr-only">(opens in a new tab)</span>
          <ExternalLink aria-hidden className="h-5 w-5" />
        </a>
      </section>

      {cards.length > 0 ? (
        <section aria-labelledby="visit-prices">
          <h3 id="visit-prices" className={subHeading}>
            <Tag aria-hidden className="h-6 w-6 text-brand-700" />
            Come Back Soon
          </h3>
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {cards.map((t) => (
              <li key={t.id} className="rounded-2xl border-2 border-slate-200 bg-white p-4">
                <p className="font-semibold text-slate-800">{t.title}</p>
                <p className="text-3xl font-bold text-brand-800">{formatPence(t.price + t.fee)}</p>
                <p className="text-slate-700">per visit</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="party-estimate">
        <h3 id="party-estimate" className={subHeading}>
          <Cake aria-hidden className="h-6 w-6 text-brand-700" />
          Birthday Party Estimate
        </h3>
        <p className="mt-1 text-lg text-slate-800">For a party of {PARTY_ESTIMATE_CHILDREN} children:</p>
        <ul className="mt-3 grid gap-3 lg:grid-cols-3">
          {partyEstimates({ packages }).map((p) => (
            <li key={p.id} className="flex flex-col rounded-2xl border-2 border-slate-200 bg-white p-4">
              <p className="text-xl font-bold text-slate-900">{p.name}</p>
              <p className="text-3xl font-bold text-brand-800">{formatPence(p.estimatePence, { whole: true })}</p>
              <p className="mb-3 text-slate-700">
                {formatPence(p.perChildPence, { whole: true })} per child, {p.hours}
              </p>
              <a
                href={`/party-booking?package=${p.id}`}
                {...newTab}
                className={`${kioskSecondaryButton} mt-auto text-base`}
              >
                <PartyPopper aria-hidden className="h-6 w-6" />
                Plan a {p.name} Birthday Party
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
