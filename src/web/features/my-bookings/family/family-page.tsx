import { lazy, Suspense, useState } from 'react';
import { useFamilySession } from '../../../api/family-session';
import { PageShell } from '../../../components/page-shell';
import { Spinner } from '../../../components/ui/primitives';
import { problemText } from '../../../lib/problem-text';
import { MyBookingsTabs } from '../components/my-bookings-tabs';
import { SignedOut } from '../components/signed-out';

const FamilySignedIn = lazy(async () => ({ default: (await import('./family-signed-in')).FamilySignedIn }));

/**
 * /my-bookings/family (issue 39; DECISIONS.md "Families the venue knows"): the family's profile (adults,
 * children, the birthday reminder consent) and the rules of play, for the address this browser has proven.
 * Its own chunk: nothing here loads with My Bookings or the booking pages; the signed-in part is a chunk of
 * its own again, so a signed-out first visit loads only the form.
 */
export function FamilyPage() {
  const session = useFamilySession();
  const [justConfirmed, setJustConfirmed] = useState(false);
  return (
    <PageShell
      title="Family"
      intro="Add your children once, so booking is quicker, and accept our rules of play before you visit."
    >
      <MyBookingsTabs current="/my-bookings/family" />
      {session.isPending ? (
        <Spinner label="Checking your sign-in..." />
      ) : session.isError ? (
        <p className="text-slate-800">{problemText(session.error)}</p>
      ) : !session.data ? (
        <SignedOut
          idPrefix="family"
          title="Confirm your e-mail to see your family"
          why="Your children's details are private."
          onConfirmed={() => setJustConfirmed(true)}
        />
      ) : (
        <Suspense fallback={<Spinner label="Loading your family..." />}>
          <FamilySignedIn email={session.data.email} focusOnLoad={justConfirmed} />
        </Suspense>
      )}
    </PageShell>
  );
}
