import { SearchX } from 'lucide-react';
import { Link } from '../../../app/router';
import { Card, primaryButton } from '../../../components/ui/primitives';

/**
 * What anyone without the party's link or its family's sign-in sees: the same words whether the party
 * exists or not, so a guessed id tells a stranger nothing.
 */
export function PartyNotFound() {
  return (
    <Card className="max-w-2xl">
      <h2 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <SearchX aria-hidden className="h-6 w-6 shrink-0 text-berry-700" />
        We could not find that party.
      </h2>
      <p className="mt-2 text-slate-800">
        Please open the link in your party confirmation e-mail again, or sign in to My Bookings with the e-mail address
        you booked with: your parties are listed there.
      </p>
      <Link to="/my-bookings" className={`${primaryButton} mt-4`}>
        Sign in to My Bookings
      </Link>
    </Card>
  );
}
