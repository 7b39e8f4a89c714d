import { Lock } from 'lucide-react';
import { Link } from '../../../app/router';
import { ConfirmEmailForm } from '../../../components/family/confirm-email-form';
import { Card } from '../../../components/ui/primitives';

/** No family session on this browser: why we ask, and the e-mailed code that opens the list. */
export function SignedOut({
  onConfirmed,
  title = 'Confirm your e-mail to see your bookings',
  why = 'Your bookings are private.',
  idPrefix = 'my-bookings',
}: {
  onConfirmed: () => void;
  title?: string;
  why?: string;
  idPrefix?: string;
}) {
  return (
    <Card className="max-w-2xl">
      <h2 className="flex items-start gap-2 text-xl font-bold text-slate-900 sm:text-2xl">
        <Lock aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-brand-700 sm:mt-1" />
        {title}
      </h2>
      <p className="mt-2 text-slate-800">
        {why} Enter the e-mail address you booked with and we will e-mail you a code, or open the My Bookings link in
        your booking confirmation e-mail.
      </p>
      <div className="mt-4">
        <ConfirmEmailForm idPrefix={idPrefix} onConfirmed={onConfirmed} />
      </div>
      <p className="mt-5 text-slate-700">
        Not booked yet?{' '}
        <Link to="/booking" className="font-semibold text-brand-800 underline">
          Book a visit
        </Link>
      </p>
    </Card>
  );
}
