import { FamilySessionBar } from '../../../components/family/family-session-bar';
import { BookingLists } from './booking-lists';
import { PartyList } from './party-list';
import { WaitingListEntries } from './waiting-list-entries';

/**
 * What a confirmed family sees: who is signed in, their bookings and their parties. Its own chunk, loaded only once
 * the family session is known (docs/decisions/014): a first visit, signed out, needs only the form.
 */
export function SignedIn({ email, focusOnLoad }: { email: string; focusOnLoad: boolean }) {
  return (
    <div className="space-y-8">
      <FamilySessionBar email={email} />
      <BookingLists email={email} focusOnLoad={focusOnLoad} />
      <WaitingListEntries email={email} />
      {/* Last: it shows only for a family with parties, so arriving late it moves nothing above it. */}
      <PartyList email={email} />
    </div>
  );
}
