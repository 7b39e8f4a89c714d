import { FamilySessionBar } from '../../../components/family/family-session-bar';
import { BookingLists } from './booking-lists';

/**
 * What a confirmed family sees: who is signed in and their bookings. Its own chunk, loaded only once
 * the family session is known (docs/decisions/014): a first visit, signed out, needs only the form.
 */
export function SignedIn({ email, focusOnLoad }: { email: string; focusOnLoad: boolean }) {
  return (
    <div className="space-y-8">
      <FamilySessionBar email={email} />
      <BookingLists email={email} focusOnLoad={focusOnLoad} />
    </div>
  );
}
