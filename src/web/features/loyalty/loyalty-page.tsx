import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { MemberLookupResponse } from '../../../shared/contracts/loyalty';
import { familyChanged, useFamilySession } from '../../api/family-session';
import { FamilySessionBar } from '../../components/family/family-session-bar';
import { PageShell } from '../../components/page-shell';
import { Spinner } from '../../components/ui/primitives';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api';
import { useFamilyMember } from './api/loyalty-queries';
import { EmailEntry, type EntryStep } from './components/email-entry';

// The member's view loads once an address is proven, while its points are looked up, not on first paint.
const loadDashboard = () => import('./components/member-dashboard');
const MemberDashboard = lazy(async () => ({ default: (await loadDashboard()).MemberDashboard }));

/**
 * /loyalty (SPEC.md sections 2, 5, 8): the address and the e-mailed code, then the member's points, level,
 * rewards store, achievements and history. Nothing about a member, not even whether the address is one,
 * shows before the code (DECISIONS.md "Families' data"). Membership starts with a first paid booking, so
 * there is no sign-up form: a proven address that is not a member is pointed to /booking.
 */
export function LoyaltyPage() {
  const queryClient = useQueryClient();
  const session = useFamilySession();
  // While the session is being asked for, the form shows (the prerendered first paint): most visitors have none.
  const email = session.data?.email ?? null;
  const member = useFamilyMember(email);
  const failure = member.data ? null : member.error;
  const notFound = failure instanceof ApiError && failure.status === 404;
  const sessionEnded = failure instanceof ApiError && failure.status === 401;
  const step: EntryStep = !email ? 'ask' : member.isPending ? 'looking-up' : notFound ? 'not-found' : 'failed';
  const outcome = !email || member.isPending ? null : member.data ? 'found' : step;

  useEffect(() => {
    if (email) void loadDashboard();
    // Signed out: nothing of the family stays in this tab's memory.
    else queryClient.removeQueries({ queryKey: ['/api/family', 'loyalty'] });
  }, [email, queryClient]);

  // A session ended elsewhere (signed out, or a newer code): back to the first screen.
  useEffect(() => {
    if (sessionEnded) familyChanged(queryClient, null);
  }, [sessionEnded, queryClient]);

  useLookupNotices(email, sessionEnded ? null : outcome);

  if (email && member.data) return <MemberView email={email} lookup={member.data} />;
  return (
    <PageShell
      title="Play Time Rewards"
      intro="Enter the email you book with and the code we send to it to see your points, rewards and achievements."
    >
      <EmailEntry step={step} email={email} onRetry={() => void member.refetch()} />
    </PageShell>
  );
}

/** SPEC.md section 8's notices, once per answer for each address proven on this visit, and on signing out. */
function useLookupNotices(email: string | null, outcome: 'found' | EntryStep | null) {
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!email && announced.current) {
      // Replaces the last notice (one at a time), which may hold a voucher code, on a shared computer too.
      toast({ title: 'Signed out', description: 'This browser no longer shows your points.' });
      announced.current = null;
    }
    const key = `${email}|${outcome}`;
    if (!email || !outcome || announced.current === key) return;
    announced.current = key;
    if (outcome === 'found') {
      toast({ title: 'Welcome back!' });
      window.scrollTo(0, 0);
    } else if (outcome === 'not-found') {
      toast({ title: 'Member not found', description: 'Would you like to create a new loyalty account?' });
    } else if (outcome === 'failed') {
      toast({
        title: 'Something went wrong',
        description: 'We could not look up your points just now. Please try again.',
        variant: 'destructive',
      });
    }
  }, [email, outcome]);
}

function MemberView({ email, lookup }: { email: string; lookup: MemberLookupResponse }) {
  // The code form (and its Confirm button, which had focus) is gone: without this, focus falls to <body> and a
  // keyboard or screen-reader user starts again from the top. Not when focus is already somewhere on purpose.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
  }, []);
  return (
    <PageShell
      title={`Welcome back, ${lookup.member.name}!`}
      intro="Your points, rewards and achievements."
      headingRef={heading}
    >
      {/* Sign out ends the family session; the page then shows its first screen again. */}
      <FamilySessionBar email={email} className="mb-6" />
      <Suspense fallback={<Spinner label="Loading your rewards..." />}>
        <MemberDashboard email={email} lookup={lookup} />
      </Suspense>
    </PageShell>
  );
}
