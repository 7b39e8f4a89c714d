import { FirstView } from '../../../components/page-shell';
import { lazy } from 'react';
import { MyBookingsShell } from '../components/my-bookings-shell';
import { SignedInTab } from '../components/signed-in-tab';

const FamilyMemberships = lazy(async () => ({ default: (await import('./family-memberships')).FamilyMemberships }));

/**
 * /my-bookings/memberships (issue 40): the family's memberships with the member card, when each renews or
 * ends, and cancelling. As the Family tab: its own chunk, and the signed-in part a chunk of its own again.
 */
export function MyMembershipsPage() {
  // Whose the family is is known only in the browser: the prerendered first view is the tab's frame (issue 47).
  return (
    <FirstView
      shell={
        <MyBookingsShell
          current="/my-bookings/memberships"
          title="Membership"
          intro="Your membership, your member card, and when it renews."
        />
      }
    >
      <Tab />
    </FirstView>
  );
}

function Tab() {
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
