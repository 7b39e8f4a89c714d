import { normaliseCreditEmail } from '../../../../shared/contracts/credits';
import { useFamilySession } from '../../../api/family-session';

/**
 * Credits follow the confirmed address only (the server prices any other address without them): when the
 * booking's e-mail differs from the one this browser confirmed, say so before the family pays full price.
 */
export function CreditsEmailNote({ email }: { email: string }) {
  const confirmed = useFamilySession().data?.email;
  if (!confirmed || !email.includes('@') || normaliseCreditEmail(email) === confirmed) return null;
  return (
    <p className="mt-2 rounded-xl border-2 border-sun-300 bg-white p-3 text-sm text-slate-900">
      Session credits apply only when you book with the e-mail you confirmed, <strong>{confirmed}</strong>.
    </p>
  );
}
