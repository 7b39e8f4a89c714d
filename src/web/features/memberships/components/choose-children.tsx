import { UserPlus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '../../../app/router';
import { ContinueToPaymentButton } from '../../../components/payment/continue-to-payment-button';
import { FieldError, secondaryButton, Spinner } from '../../../components/ui/primitives';
import { ApiError } from '../../../lib/api';
import { problemText } from '../../../lib/problem-text';
import { useFamilyProfile } from '../../../api/family-profile';
import { useJoinMembership } from '../../../api/memberships';
import { childrenText, type PublicPlan } from '../../../lib/membership-text';
import { sameJoin, type PendingJoin } from '../lib/pending-join';
import { JoinSummary } from './join-summary';

/** The children of the family's profile the plan covers (up to its count), the summary, then the payment. */
export function ChooseChildren({
  plan,
  email,
  previous,
  onReady,
}: {
  plan: PublicPlan;
  email: string;
  /** The join whose payment was started before going Back, if any. */
  previous: PendingJoin | null;
  onReady: (pending: PendingJoin) => void;
}) {
  const profile = useFamilyProfile(email);
  if (profile.isPending) return <Spinner label="Loading your family..." />;
  if (profile.isError)
    return (
      <div role="alert" className="space-y-3">
        <p className="text-slate-800">{problemText(profile.error)}</p>
        <button type="button" onClick={() => void profile.refetch()} className={secondaryButton}>
          Try again
        </button>
      </div>
    );
  const { children } = profile.data;
  if (!children.length)
    return (
      <div className="rounded-2xl border-2 border-brand-100 p-4">
        <h3 className="text-lg font-bold text-slate-900">Add your children first</h3>
        <p className="mt-1 text-slate-800">
          A membership covers named children, so add them to your family profile, then come back here to join.
        </p>
        <Link to="/my-bookings/family" className={`${secondaryButton} mt-3`}>
          <UserPlus aria-hidden className="h-5 w-5" />
          Add your children
        </Link>
      </div>
    );
  return <ChildrenForm plan={plan} email={email} kids={children} previous={previous} onReady={onReady} />;
}

function ChildrenForm({
  plan,
  email,
  kids,
  previous,
  onReady,
}: {
  plan: PublicPlan;
  email: string;
  kids: { id: string; firstName: string }[];
  previous: PendingJoin | null;
  onReady: (pending: PendingJoin) => void;
}) {
  const id = useId();
  // One child on the profile and a plan for one or more: ticked already.
  const [chosen, setChosen] = useState<string[]>(() =>
    previous?.plan.id === plan.id ? previous.childIds : kids.length === 1 ? [kids[0]!.id] : [],
  );
  const [error, setError] = useState('');
  const [refusal, setRefusal] = useState('');
  const join = useJoinMembership();
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  const names = kids.filter((k) => chosen.includes(k.id)).map((k) => k.firstName);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const toggle = (childId: string, on: boolean) => {
    setError('');
    setChosen((c) => (on ? [...c, childId] : c.filter((x) => x !== childId)));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRefusal('');
    const problem = !chosen.length
      ? 'Choose at least one child'
      : chosen.length > plan.children
        ? `The ${plan.name} covers ${childrenText(plan.children).toLowerCase()}: untick ${chosen.length - plan.children === 1 ? 'one' : 'some'}`
        : '';
    if (problem) {
      setError(problem);
      fieldsetRef.current?.querySelector('input')?.focus();
      return;
    }
    if (previous && sameJoin(previous, plan.id, chosen, email)) {
      onReady(previous);
      return;
    }
    join.mutate(
      { planId: plan.id, childIds: chosen },
      {
        onSuccess: (res) => onReady({ ...res, plan, childIds: chosen, childNames: names, email }),
        onError: (err) => {
          const field = err instanceof ApiError ? err.fields?.childIds?.[0] : undefined;
          if (field) setError(field);
          else setRefusal(problemText(err));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <fieldset ref={fieldsetRef} aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
        <legend className="text-lg font-bold text-slate-900">Which children does it cover?</legend>
        <p id={hintId} className="text-slate-700">
          Choose {plan.children === 1 ? 'one child' : `up to ${plan.children} children`} from your family profile.{' '}
          <Link to="/my-bookings/family" className="font-semibold text-brand-800 underline">
            Add or change children
          </Link>
        </p>
        <ul className="mt-3 space-y-2">
          {kids.map((k) => (
            <li key={k.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border-2 border-slate-200 px-4 py-2 font-semibold text-slate-900 has-[:checked]:border-brand-700">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-brand-700"
                  checked={chosen.includes(k.id)}
                  aria-invalid={error ? true : undefined}
                  onChange={(e) => toggle(k.id, e.target.checked)}
                />
                {k.firstName}
              </label>
            </li>
          ))}
        </ul>
        <FieldError id={errorId} message={error} />
      </fieldset>
      <JoinSummary plan={plan} childNames={names} />
      <p role="alert" className="font-semibold text-berry-700 empty:hidden">
        {refusal}
      </p>
      <ContinueToPaymentButton pending={join.isPending} />
    </form>
  );
}
