import { FirstView } from '../../../components/page-shell';
import { lazy } from 'react';
import { MyBookingsShell } from '../components/my-bookings-shell';
import { SignedInTab } from '../components/signed-in-tab';

const FamilySignedIn = lazy(async () => ({ default: (await import('./family-signed-in')).FamilySignedIn }));

/**
 * /my-bookings/family (issue 39; DECISIONS.md "Families the venue knows"): the family's profile (adults,
 * children, the birthday reminder consent) and the rules of play, for the address this browser has proven.
 * Its own chunk: nothing here loads with My Bookings or the booking pages; the signed-in part is a chunk of
 * its own again, so a signed-out first visit loads only the form.
 */
export function FamilyPage() {
  // Whose the family is is known only in the browser: the prerendered first view is the tab's frame (issue 47).
  return (
    <FirstView
      shell={
        <MyBookingsShell
          current="/my-bookings/family"
          title="Family"
          intro="Add your children once, so booking is quicker, and accept our rules of play before you visit."
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
      path="/my-bookings/family"
      title="Family"
      intro="Add your children once, so booking is quicker, and accept our rules of play before you visit."
      idPrefix="family"
      signedOutTitle="Confirm your e-mail to see your family"
      why="Your children's details are private."
      loading="Loading your family..."
    >
      {(email, focusOnLoad) => <FamilySignedIn email={email} focusOnLoad={focusOnLoad} />}
    </SignedInTab>
  );
}
