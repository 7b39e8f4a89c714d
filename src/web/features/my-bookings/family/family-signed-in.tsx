import { FamilySessionBar } from '../../../components/family/family-session-bar';
import { ProfileSection } from './profile-form';
import { RulesOfPlaySection } from './rules-of-play';

/**
 * What a confirmed family sees on the Family page. Its own chunk, loaded once the family session is known
 * (as My Bookings' lists are, docs/decisions/014): a first visit, signed out, needs only the form.
 */
export function FamilySignedIn({ email, focusOnLoad }: { email: string; focusOnLoad: boolean }) {
  return (
    <div className="max-w-3xl space-y-10">
      <FamilySessionBar email={email} className="print:hidden" />
      <ProfileSection email={email} focusOnLoad={focusOnLoad} />
      <RulesOfPlaySection email={email} />
    </div>
  );
}
