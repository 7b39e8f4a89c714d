import { lazy, Suspense, useState } from 'react';
import { useFamilySession } from '../../../api/family-session';
import { PageShell } from '../../../components/page-shell';
import { Spinner } from '../../../components/ui/primitives';
import { problemText } from '../../../lib/problem-text';
import { MyBookingsTabs } from '../components/my-bookings-tabs';
import { SignedOut } from '../components/signed-out';

const FamilyMemberships = lazy(async () => ({ default: (await import('./family-memberships')).FamilyMemberships }));

/**
 * /my-bookings/memberships (issue 40): the family's memberships with the member card, when each renews or
 * ends, and cancelling. As the Family tab: its own chunk, and the signed-in part a chunk of its own again.
 */
export function MyMembershipsPage() {
  const session = useFamilySession();
  const [justConfirmed, setJustConfirmed] = useState(false);
  return (
    <PageShell title="Membership" intro="Your membership, your member card, and when it renews.">
      <MyBookingsTabs current="/my-bookings/memberships" />
      {session.isPending ? (
        <Spinner label="Checking your sign-in..." />
      ) : session.isError ? (
        <p className="text-slate-800">{problemText(session.error)}</p>
      ) : !session.data ? (
        <SignedOut
          idPrefix="membership"
          title="Confirm your e-mail to see your membership"
          why="Your membership is private."
          onConfirmed={() => setJustConfirmed(true)}
        />
      ) : (
        <Suspense fallback={<Spinner label="Loading your membership..." />}>
          <FamilyMemberships email={session.data.email} focusOnLoad={justConfirmed} />
        </Suspense>
      )}
    </PageShell>
  );
}
