import { CircleAlert } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useSearchParams } from '../../app/router';
import { useFamilySession } from '../../api/family-session';
import { FirstView, PageShell } from '../../components/page-shell';
import { Spinner } from '../../components/ui/primitives';
import { MyBookingsTabs } from './components/my-bookings-tabs';
import { SignedOut } from './components/signed-out';
import { problemText } from '../../lib/problem-text';
import { MyBookingsShell, SignInLoading } from './components/my-bookings-shell';
import { useSigninLink } from './lib/use-signin-link';

const SignedIn = lazy(async () => ({ default: (await import('./components/signed-in')).SignedIn }));

/**
 * /my-bookings (issue 15; DECISIONS.md "Families' data: an e-mail address is not a key"): a family's
 * upcoming and past bookings, with tickets, calendar entries, cancelling and the confirmation again, for
 * the address this browser has proven (by the e-mailed code or link). Without that proof, the form.
 */
export function MyBookingsPage() {
  return (
    <FirstView shell={<MyBookingsShell current="/my-bookings" title={title} intro={intro} />}>
      <MyBookings />
    </FirstView>
  );
}

const title = 'My Bookings';
const intro = 'Your visits to us: tickets, calendar entries and cancellations in one place.';

function MyBookings() {
  const signin = useSigninLink();
  const [params] = useSearchParams();
  // A membership mail's link (a failed renewal: /my-bookings?membership=<id>) opens the Membership tab.
  if (params.has('membership') && !params.has('signin')) return <Navigate to="/my-bookings/memberships" replace />;
  return (
    <PageShell title={title} intro={intro}>
      <MyBookingsTabs current="/my-bookings" />
      {signin.pending ? (
        <Spinner label="Signing you in..." />
      ) : (
        <div className="space-y-6">
          {signin.error ? (
            <div role="alert" className="flex max-w-2xl gap-3 rounded-2xl border-2 border-berry-700 bg-white p-4">
              <CircleAlert aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-berry-700" />
              <div>
                <p className="font-semibold text-slate-900">That link did not sign you in.</p>
                <p className="text-slate-800">{problemText(signin.error)}</p>
              </div>
            </div>
          ) : null}
          <FamilyBookings />
        </div>
      )}
    </PageShell>
  );
}

/** Mounted only once any e-mailed link has been tried, so the session it asks about is the new one. */
function FamilyBookings() {
  const session = useFamilySession();
  const [justConfirmed, setJustConfirmed] = useState(false);

  if (session.isPending) return <SignInLoading />;
  if (session.isError) return <p className="text-slate-800">{problemText(session.error)}</p>;
  if (!session.data) return <SignedOut onConfirmed={() => setJustConfirmed(true)} />;
  return (
    <Suspense fallback={<Spinner label="Loading your bookings..." />}>
      <SignedIn email={session.data.email} focusOnLoad={justConfirmed} />
    </Suspense>
  );
}
