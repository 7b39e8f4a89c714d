import { Check } from 'lucide-react';
import { Link } from '../../app/router';
import { formatPence } from '../../../shared/money';
import { useCatalogue } from '../../app/catalogue';
import { bandPricesOf, entryTicketsOf, lowestPence, packageDetail, sessionLengthLabel } from './pricing-lines';
import { SectionHeading } from './section-heading';
import { SpecialOffers } from './special-offers';

const cardClass = 'flex flex-col rounded-3xl bg-white p-6 shadow-lg ring-1 sm:p-8';
const buttonClass =
  'mt-auto inline-flex min-h-12 items-center justify-center rounded-full px-6 text-lg font-bold text-white';

function Row({ label, detail, price, unit }: { label: string; detail?: string; price: string; unit?: string }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 border-b border-slate-100 py-3 last:border-0">
      <span className="min-w-0 flex-1 basis-32">
        <span className="font-semibold text-slate-900">{label}</span>
        {detail && <span className="block text-sm text-slate-600">{detail}</span>}
      </span>
      <span className="shrink-0 text-right font-bold text-slate-900">
        {price}
        {unit && <span className="block text-xs font-medium text-slate-600">{unit}</span>}
      </span>
    </li>
  );
}

export function PricingSection() {
  const { ticketTypes, sessions, parties, bands } = useCatalogue();
  const entryTickets = entryTicketsOf(ticketTypes);
  const entryFrom = lowestPence(entryTickets.flatMap((t) => bandPricesOf(t, bands).map((p) => p.pence)));
  const byBand = entryTickets.some((t) => bandPricesOf(t, bands).length > 1);
  const partyFrom = lowestPence(parties.packages.map((p) => p.perChildPence));
  const sessionLength = sessionLengthLabel(sessions);
  const { privateHire } = parties;
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="px-4 py-16 sm:px-6 lg:py-24">
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="pricing-heading"
          kicker="Prices"
          title="Simple, Family-Friendly Prices"
          intro="No memberships, no hidden extras: pay for the people who play and book online in a minute."
        />
        <div className="grid gap-6 lg:grid-cols-2">
          <article aria-labelledby="entry-heading" className={`${cardClass} ring-brand-100`}>
            <h3 id="entry-heading" className="text-2xl font-extrabold text-brand-800">
              Standard Entry
            </h3>
            {entryFrom !== null && (
              <p className="mt-1 text-slate-700">
                From <span className="text-3xl font-extrabold text-slate-900">{formatPence(entryFrom)}</span>
              </p>
            )}
            <ul className="my-5">
              {entryTickets.map((t) => (
                <Row
                  key={t.id}
                  label={t.title}
                  detail={t.description}
                  price={bandPricesOf(t, bands)
                    .map((p) => (p.band ? `${p.band} ${formatPence(p.pence)}` : formatPence(p.pence)))
                    .join(' · ')}
                />
              ))}
            </ul>
            {byBand ? (
              <p className="-mt-2 mb-4 text-sm text-slate-600" data-testid="band-note">
                Prices depend on the day: the booking calendar marks each day as {bands.map((b) => b.name).join(' or ')}
                .
              </p>
            ) : null}
            <ul className="mb-6 grid gap-2 text-slate-700">
              <li className="flex gap-2">
                <Check aria-hidden className="h-5 w-5 shrink-0 text-brand-700" /> Weekdays: flexible play time
              </li>
              <li className="flex gap-2">
                <Check aria-hidden className="h-5 w-5 shrink-0 text-brand-700" /> Weekends:{' '}
                {sessionLength ? `${sessionLength} sessions` : 'timed sessions'}
              </li>
            </ul>
            <Link to="/booking" className={`${buttonClass} bg-brand-700 hover:bg-brand-800`}>
              Book Entry Tickets
            </Link>
          </article>

          <article aria-labelledby="party-heading" className={`${cardClass} ring-pink-100`}>
            <h3 id="party-heading" className="text-2xl font-extrabold text-berry-700">
              Birthday Party
            </h3>
            {partyFrom !== null && (
              <p className="mt-1 text-slate-700">
                From{' '}
                <span className="text-3xl font-extrabold text-slate-900">
                  {formatPence(partyFrom, { whole: true })}
                </span>{' '}
                per child
              </p>
            )}
            <ul className="my-5">
              {parties.packages.map((p, i) => (
                <Row
                  key={p.id}
                  label={`${p.name} package`}
                  detail={packageDetail(p, parties.packages[i - 1])}
                  price={formatPence(p.perChildPence, { whole: true })}
                  unit="per child"
                />
              ))}
              <Row
                label="Private Hire"
                detail={`${privateHire.summary} Food and drinks optional, +${formatPence(privateHire.foodPerPersonPence, { whole: true })} a person.`}
                price={formatPence(privateHire.pricePence, { whole: true })}
              />
            </ul>
            <Link to="/party-booking" className={`${buttonClass} bg-berry-700 hover:bg-berry-600`}>
              Plan a Party
            </Link>
          </article>
        </div>
        <SpecialOffers />
      </div>
    </section>
  );
}
