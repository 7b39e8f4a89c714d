import { lazy } from 'react';
import { SignedInTab } from '../components/signed-in-tab';

const FamilyMemberships = lazy(async () => ({ default: (await import('./family-memberships')).FamilyMemberships }));

/**
 * /my-bookings/memberships (issue 40): the family's memberships with the member card, when each renews or
 * ends, and cancelling. As the Family tab: its own chunk, and the signed-in part a chunk of its own again.
 */
export function MyMembershipsPage() {
  return (
    <SignedInTab
      path="/my-bookings/memberships"
      title="Membership"
      intro="Your membership, your member card, and when it renews."
      idPrefix="membership"
      signedOutTitle="Confirm your e-mail to see your membership"
      why="Your membership is private."
      loading="Loading your membership..."
    >
      {(email, focusOnLoad) => <FamilyMemberships email={email} focusOnLoad={focusOnLoad} />}
    </SignedInTab>
  );
}
