import { Link } from '../../app/router';
import { formatPence } from '../../../shared/money';
import { useCatalogue } from '../../app/catalogue';
import { bundleValue } from '../../../shared/bundle-value';
import { morningSessionOf } from './pricing-lines';

const offerClass = 'flex flex-col gap-3 rounded-3xl p-6 ring-1 sm:flex-row sm:items-center sm:justify-between';
const linkClass = 'inline-flex min-h-11 shrink-0 items-center justify-center rounded-full px-5 font-bold';

// DECISIONS.md keeps these two offers (both are honoured by the booking system) and drops
// the "buy 9, get the 10th free" card. The mornings' offer shows only while such a ticket is on sale.
export function SpecialOffers() {
  const { ticketTypes, sessions, visitRules } = useCatalogue();
  const { creditBundle } = visitRules;
  const babyToddler = ticketTypes.find((t) => t.weekdayMorningOnly);
  const morning = babyToddler && morningSessionOf(babyToddler, sessions);
  return (
    <div className="mt-12">
      <h3 className="text-center text-2xl font-extrabold text-slate-900">Special Offers</h3>
      <ul className="mt-6 grid gap-5 lg:grid-cols-2">
        {babyToddler && (
          <li className={`${offerClass} bg-amber-50 ring-amber-200`}>
            <div>
              <p className="text-lg font-bold text-slate-900">
                <span aria-hidden>🍼 </span>
                {babyToddler.title}s
              </p>
              <p className="text-slate-700">
                Weekday mornings{morning ? `, ${morning.label}` : ''}:{' '}
                {formatPence(babyToddler.pricePence, { whole: true })} a child, adults free.
              </p>
            </div>
            <Link to="/booking" className={`${linkClass} bg-amber-800 text-white hover:bg-amber-900`}>
              Book a Morning
            </Link>
          </li>
        )}
        <li className={`${offerClass} bg-brand-50 ring-brand-100`}>
          <div>
            <p className="text-lg font-bold text-slate-900">
              <span aria-hidden>🎟️ </span>
              {creditBundle.credits} Session Credits for {formatPence(creditBundle.pricePence, { whole: true })}
            </p>
            <p className="text-slate-700">
              Save {formatPence(bundleValue(creditBundle, ticketTypes).savingsPence, { whole: true })}: one credit is
              one child&apos;s session, no expiry, used automatically when you book.
            </p>
          </div>
          <Link to="/session-credits" className={`${linkClass} bg-brand-700 text-white hover:bg-brand-800`}>
            Buy Credits
          </Link>
        </li>
      </ul>
    </div>
  );
}
