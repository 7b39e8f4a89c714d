import { useEffect } from 'react';
import { Link } from '../../../app/router';
import { FamilySessionBar } from '../../../components/family/family-session-bar';
import { Card, primaryButton, secondaryButton, Spinner } from '../../../components/ui/primitives';
import { problemText } from '../../../lib/problem-text';
import { useFamilyMemberships } from '../../../api/memberships';
import { MembershipCard } from './membership-card';

/** What a confirmed family sees on the Membership tab: each of its memberships, newest first. */
export function FamilyMemberships({ email, focusOnLoad }: { email: string; focusOnLoad: boolean }) {
  const list = useFamilyMemberships(email);
  const loaded = list.isSuccess;
  // Just confirmed: the form that had the focus is gone, so the first heading takes it.
  useEffect(() => {
    if (focusOnLoad && loaded) document.getElementById('memberships-heading')?.focus();
  }, [focusOnLoad, loaded]);

  return (
    <div className="max-w-3xl space-y-6">
      <FamilySessionBar email={email} />
      <h2 id="memberships-heading" tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
        Your memberships
      </h2>
      {list.isPending ? (
        <Spinner label="Loading your membership..." />
      ) : list.isError ? (
        <div role="alert" className="space-y-3">
          <p className="text-slate-800">{problemText(list.error)}</p>
          <button type="button" onClick={() => void list.refetch()} className={secondaryButton}>
            Try again
          </button>
        </div>
      ) : list.data.memberships.length === 0 ? (
        <Card>
          <p className="text-slate-800">
            You have no membership yet. A monthly or yearly pass covers your children&apos;s visits for one price.
          </p>
          <Link to="/memberships" className={`${primaryButton} mt-4`}>
            See the memberships
          </Link>
        </Card>
      ) : (
        <ul className="space-y-6">
          {list.data.memberships.map((m) => (
            <li key={m.id}>
              <MembershipCard membership={m} email={email} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
