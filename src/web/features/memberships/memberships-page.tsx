import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link, useSearchParams } from '../../app/router';
import { RouteLoading } from '../../app/route-loading';
import { FirstView, LoadingBlock, PageShell } from '../../components/page-shell';
import type { PaymentOutcome } from '../../components/payment/payment-outcome';
import { PurchaseDoneBanner } from '../../components/payment/purchase-done-banner';
import { primaryButton, secondaryButton } from '../../components/ui/primitives';
import { toast } from '../../components/ui/toast-store';
import { problemText } from '../../lib/problem-text';
import { useMembershipPlans } from '../../api/memberships';
import { PlanCard } from './components/plan-card';
import { namesText, type PublicPlan } from '../../lib/membership-text';
import type { PendingJoin } from './lib/pending-join';

// Signing in, choosing children and paying load once the family presses Join: the plans show at once.
const JoinStep = lazy(async () => ({ default: (await import('./components/join-step')).JoinStep }));
const JoinPaymentStep = lazy(async () => ({
  default: (await import('./components/join-payment-step')).JoinPaymentStep,
}));

type Done = { status: 'succeeded' | 'processing'; memberNumber: string; planName: string; childNames: string[] };

/**
 * /memberships (issue 40; DECISIONS.md "Memberships"): the plans on sale, then joining one: the family's
 * proven e-mail, the children of its profile, a plain summary, and the payment through the provider's card
 * form (as /session-credits: on this page, so /payment carries none of it). A paid join ends on the plans
 * with a thank-you and the member number.
 */
export function MembershipsPage() {
  // The plans come from the API and the step from the address (?join=): the prerendered first view is the
  // page's frame with the plans' place kept, the same for every visitor (issue 47).
  return (
    <FirstView
      shell={
        <MembershipsFrame>
          <div className="space-y-6">
            <PlansLoading />
            <AlreadyMember />
          </div>
        </MembershipsFrame>
      }
    >
      <Memberships />
    </FirstView>
  );
}

/** Two plan cards' place while the plans load, so the page does not move when they arrive. */
const PlansLoading = () => <LoadingBlock label="Loading the plans..." className="h-[36rem] md:h-96" />;

const intro =
  'Come as often as you like for one monthly or yearly price. Members book as usual, and the places their plan covers cost nothing.';

function MembershipsFrame({ headingRef, children }: { headingRef?: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <PageShell headingRef={headingRef} title="Memberships" intro={intro}>
      {children}
    </PageShell>
  );
}

function AlreadyMember() {
  return (
    <p className="max-w-2xl text-slate-700">
      Already a member? See your membership and member card in{' '}
      <Link to="/my-bookings/memberships" className="font-semibold text-brand-800 underline">
        My Bookings
      </Link>
      .
    </p>
  );
}

function Memberships() {
  const plans = useMembershipPlans();
  const [pending, setPending] = useState<PendingJoin | null>(null);
  // The last payment started, kept when the family goes Back from it (used again if nothing changed).
  const [started, setStarted] = useState<PendingJoin | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Paid: the pay button is gone, so the page's heading takes the focus, with the thank-you under it.
  useEffect(() => {
    if (done) headingRef.current?.focus();
  }, [done]);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // The plan being joined is in the address (?join=<plan id>): Back from the Family page, where the family
  // added its children, comes back to the same step, and the browser's Back returns to the plans.
  const joining = params.get('join');
  const plan = plans.data?.plans.find((p) => p.id === joining) ?? null;

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [joining, pending]); // each step starts at its top

  // Back from a payment method that redirects (Stripe adds redirect_status to the return URL).
  const redirected = params.get('redirect_status');
  useEffect(() => {
    if (!redirected) return;
    if (redirected === 'failed')
      toast({ title: 'Payment failed', description: 'Your payment could not be completed.', variant: 'destructive' });
    else toast({ title: 'Welcome!', description: 'Your membership is being set up. See it in My Bookings.' });
    setParams({}, { replace: true });
  }, [redirected, setParams]);

  const onOutcome = (o: PaymentOutcome) => {
    if (o.status === 'failed') {
      toast({ title: 'Payment failed', description: o.message, variant: 'destructive' });
      return;
    }
    if (!pending) return;
    setDone({
      status: o.status,
      memberNumber: pending.memberNumber,
      planName: pending.plan.name,
      childNames: pending.childNames,
    });
    void queryClient.invalidateQueries({ queryKey: ['/api/family', 'memberships'] });
    setPending(null);
    setStarted(null);
    setParams({}, { replace: true });
  };

  const join = (p: PublicPlan) => {
    setDone(null);
    setParams({ join: p.id });
  };

  return (
    <MembershipsFrame headingRef={headingRef}>
      {pending ? (
        <Suspense fallback={<RouteLoading />}>
          <JoinPaymentStep pending={pending} onBack={() => setPending(null)} onOutcome={onOutcome} />
        </Suspense>
      ) : plan ? (
        <Suspense fallback={<RouteLoading />}>
          <JoinStep
            plan={plan}
            previous={started}
            onBack={() => setParams({})}
            onReady={(p) => {
              setStarted(p);
              setPending(p);
            }}
          />
        </Suspense>
      ) : (
        <div className="space-y-6">
          {done ? <Welcome done={done} /> : null}
          {plans.isPending ? (
            <PlansLoading />
          ) : plans.isError ? (
            <div role="alert" className="space-y-3">
              <p className="text-slate-800">{problemText(plans.error)}</p>
              <button type="button" onClick={() => void plans.refetch()} className={secondaryButton}>
                Try again
              </button>
            </div>
          ) : plans.data.plans.length === 0 ? (
            <p className="text-slate-800">No memberships are on sale just now. Please ask us at the front desk.</p>
          ) : (
            <div className="grid gap-6 md:grid-cols-2">
              {plans.data.plans.map((p) => (
                <PlanCard key={p.id} plan={p} onJoin={join} />
              ))}
            </div>
          )}
          <AlreadyMember />
        </div>
      )}
    </MembershipsFrame>
  );
}

function Welcome({ done }: { done: Done }) {
  const who = namesText(done.childNames);
  return (
    <PurchaseDoneBanner
      message={
        done.status === 'succeeded'
          ? `Welcome! Your ${done.planName} for ${who} has started. Your member number is ${done.memberNumber}, and we have e-mailed your receipt.`
          : `Thank you! Your bank payment is processing. Your ${done.planName} for ${who} (member number ${done.memberNumber}) starts as soon as it clears, usually within 1-3 business days.`
      }
      action={
        <Link to="/my-bookings/memberships" className={primaryButton}>
          See your membership
        </Link>
      }
    />
  );
}
