import { ArrowLeft, Lock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useFamilySession } from '../../../api/family-session';
import { ConfirmEmailForm } from '../../../components/family/confirm-email-form';
import { FamilySessionBar } from '../../../components/family/family-session-bar';
import { Card, secondaryButton, Spinner } from '../../../components/ui/primitives';
import { problemText } from '../../../lib/problem-text';
import type { PublicPlan } from '../../../lib/membership-text';
import type { PendingJoin } from '../lib/pending-join';
import { ChooseChildren } from './choose-children';

/**
 * Joining a plan, before the payment: the family proves its e-mail (the same code as My Bookings), then
 * chooses which children of its profile the plan covers and reads what it pays. Its own chunk.
 */
export function JoinStep({
  plan,
  previous,
  onBack,
  onReady,
}: {
  plan: PublicPlan;
  previous: PendingJoin | null;
  onBack: () => void;
  onReady: (pending: PendingJoin) => void;
}) {
  const session = useFamilySession();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []); // the plans the focus was on are gone
  // Just confirmed: the code form that had the focus is gone, so the step's heading takes it again.
  const signedOut = useRef(false);
  const email = session.data?.email;
  useEffect(() => {
    if (session.data === null) signedOut.current = true;
    else if (email && signedOut.current) {
      signedOut.current = false;
      headingRef.current?.focus();
    }
  }, [session.data, email]);

  return (
    <div className="max-w-2xl space-y-6">
      <Card>
        <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
          Join the {plan.name}
        </h2>
        <div className="mt-4">
          {session.isPending ? (
            <Spinner label="Checking your sign-in..." />
          ) : session.isError ? (
            <p className="text-slate-800">{problemText(session.error)}</p>
          ) : !session.data ? (
            <SignInFirst />
          ) : (
            <div className="space-y-5">
              <FamilySessionBar email={session.data.email} />
              <ChooseChildren plan={plan} email={session.data.email} previous={previous} onReady={onReady} />
            </div>
          )}
        </div>
      </Card>
      <button type="button" onClick={onBack} className={secondaryButton}>
        <ArrowLeft aria-hidden className="h-5 w-5" />
        Back to the plans
      </button>
    </div>
  );
}

function SignInFirst() {
  return (
    <div>
      <h3 className="flex items-start gap-2 text-xl font-bold text-slate-900">
        <Lock aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" />
        First, confirm your e-mail
      </h3>
      <p className="mt-2 text-slate-800">
        A membership belongs to your family and covers the children on your family profile. Enter your e-mail address
        and we will e-mail you a code.
      </p>
      <div className="mt-4">
        <ConfirmEmailForm idPrefix="memberships" />
      </div>
    </div>
  );
}
