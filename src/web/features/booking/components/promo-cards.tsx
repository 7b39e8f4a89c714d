// Icons the page already loads (Coins: the session credits card): each new icon is another file to fetch.
import { Coins, Gift } from 'lucide-react';
import { Link } from '../../../app/router';
import { formatPence } from '../../../../shared/money';
import { useCatalogue } from '../../../app/catalogue';
import { Card, secondaryButton } from '../../../components/ui/primitives';
import { bundleValue } from '../../../../shared/bundle-value';

/** Step 1's side cards: the bulk credits offer and birthday parties, both the catalogue's. */
export function BulkCreditsCard() {
  const { ticketTypes, visitRules } = useCatalogue();
  const { creditBundle } = visitRules;
  const value = bundleValue(creditBundle, ticketTypes);
  return (
    <Card className="border-sun-400 bg-sun-300/20">
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Coins aria-hidden className="h-5 w-5 shrink-0 text-berry-700" />
        Save with Bulk Credits
      </h2>
      <p className="mt-2 text-slate-800">
        {creditBundle.credits} session credits for {formatPence(creditBundle.pricePence, { whole: true })} instead of{' '}
        {formatPence(value.regularPricePence, { whole: true })}: save {formatPence(value.savingsPence, { whole: true })}
        . Credits never expire and are used automatically when you book.
      </p>
      <Link to="/session-credits" className={`${secondaryButton} mt-4 w-full sm:w-auto`}>
        Buy Session Credits
      </Link>
    </Card>
  );
}

export function PartyCard() {
  const { packages } = useCatalogue().parties;
  const cheapestParty = packages.length ? Math.min(...packages.map((p) => p.perChildPence)) : null;
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Gift aria-hidden className="h-5 w-5 shrink-0 text-berry-700" />
        Planning a Birthday Party?
      </h2>
      <p className="mt-2 text-slate-800">
        {cheapestParty === null ? 'Party packages' : `Party packages from ${formatPence(cheapestParty)} per child`},
        with a party room and drinks. Choose a date and book it online.
      </p>
      <Link to="/party-booking" className={`${secondaryButton} mt-4 w-full sm:w-auto`}>
        Book a Party
      </Link>
    </Card>
  );
}
