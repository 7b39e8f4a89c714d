import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { normaliseLoyaltyEmail } from '../../../shared/contracts/loyalty-levels';
import { PageShell } from '../../components/page-shell';
import { toast } from '../../components/ui/toast-store';
import { Spinner } from '../../components/ui/primitives';
import { ApiError } from '../../lib/api';
import { fetchMember, memberKey, useMember } from './api/loyalty-queries';
import { EmailEntry } from './components/email-entry';

// The member's view (and zod, for the code form) loads while the lookup is in flight, not on first paint.
const loadDashboard = () => import('./components/member-dashboard');
const MemberDashboard = lazy(async () => ({ default: (await loadDashboard()).MemberDashboard }));

/**
 * /loyalty (SPEC.md sections 2, 5, 8): an e-mail entry screen, then the member's points, level,
 * rewards store, achievements and history. Membership starts with a first paid booking, so there is
 * no sign-up form: an unknown address is pointed to /booking.
 */
export function LoyaltyPage() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState<string | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();

  const lookUp = async (typed: string) => {
    const key = normaliseLoyaltyEmail(typed);
    setPending(true);
    setFieldError(undefined);
    setNotFound(null);
    try {
      const dashboard = loadDashboard();
      await queryClient.fetchQuery({ queryKey: memberKey(key), queryFn: () => fetchMember(key), staleTime: 0 });
      await dashboard;
      toast({ title: 'Welcome back!' });
      setEmail(key);
      window.scrollTo(0, 0);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        toast({ title: 'Member not found', description: 'Would you like to create a new loyalty account?' });
        setNotFound(key);
      } else if (e instanceof ApiError && e.status === 400) {
        setFieldError(e.message);
      } else {
        toast({
          title: 'Something went wrong',
          description: 'We could not look up your points just now. Please try again.',
          variant: 'destructive',
        });
      }
    } finally {
      setPending(false);
    }
  };

  if (email) return <MemberView email={email} onSignOut={() => setEmail(null)} />;
  return (
    <PageShell
      title="Play Time Rewards"
      intro="Enter the email you book with to see your points, rewards and achievements."
    >
      <EmailEntry pending={pending} serverError={fieldError} notFound={notFound} onSubmit={lookUp} />
    </PageShell>
  );
}

function MemberView({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  const { data } = useMember(email);
  if (!data) return null; // fetched before this view shows; kept in the cache while it is open
  return (
    <PageShell title={`Welcome back, ${data.member.name}!`} intro="Your points, rewards and achievements.">
      <Suspense fallback={<Spinner label="Loading your rewards..." />}>
        <MemberDashboard email={email} lookup={data} onSignOut={onSignOut} />
      </Suspense>
    </PageShell>
  );
}
