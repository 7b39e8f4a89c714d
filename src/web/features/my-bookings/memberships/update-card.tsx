import { CreditCard } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FamilyMembership } from '../../../../shared/contracts/memberships';
import { formatPence } from '../../../../shared/money';
import { useRefreshMemberships, useUpdateCard } from '../../../api/memberships';
import type { PaymentOutcome } from '../../../components/payment/payment-outcome';
import { PaymentStepCard } from '../../../components/payment/payment-step-card';
import { primaryButton } from '../../../components/ui/primitives';
import { problemText } from '../../../lib/problem-text';

/**
 * "Update card" for a membership whose renewal failed (issue 40): the server answers Stripe's Billing Portal page
 * (the browser goes there and comes back to this tab), or in TEST MODE the overdue month's payment, whose card
 * form shows here in place. Paid, the membership is active again and the card's is the one renewals use.
 */
export function UpdateCard({
  membership: m,
  email,
  describedBy,
  onDone,
}: {
  membership: FamilyMembership;
  email: string;
  describedBy: string;
  onDone: (message: string) => void;
}) {
  const start = useUpdateCard();
  const refresh = useRefreshMemberships(email);
  const [payment, setPayment] = useState<{ clientSecret: string; amount: number } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState('');
  const formRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // The button is gone when the form opens, and back when it closes: the focus follows.
  useEffect(() => {
    if (payment) formRef.current?.focus();
  }, [payment]);

  const begin = () => {
    setProblem('');
    start.mutate(m.id, {
      onSuccess: (answer) => {
        if (answer.kind === 'redirect') {
          setLeaving(true);
          window.location.assign(answer.url);
        } else setPayment({ clientSecret: answer.clientSecret, amount: answer.amount });
      },
      onError: (err) => setProblem(problemText(err)),
    });
  };
  const outcome = (o: PaymentOutcome) => {
    if (o.status === 'failed') {
      setProblem(o.message);
      return;
    }
    setPayment(null);
    void refresh();
    onDone(
      o.status === 'succeeded'
        ? 'Thank you: your payment went through and your membership is active again. Later payments are taken from this card.'
        : 'Thank you: your payment is being processed. Your membership starts again when it clears.',
    );
  };
  const back = () => {
    setPayment(null);
    requestAnimationFrame(() => buttonRef.current?.focus());
  };

  if (payment)
    return (
      <div ref={formRef} tabIndex={-1} className="mt-5 focus:outline-none" aria-label="Update your card and pay">
        {problem ? (
          <p role="alert" className="mb-3 font-semibold text-berry-700">
            {problem}
          </p>
        ) : null}
        <PaymentStepCard
          title="Update your card and pay"
          summary={
            <p className="text-slate-800">
              Pay {formatPence(payment.amount)} for this month of your {m.planName} ({m.memberNumber}) with your new
              card. It is the card we take later payments from.
            </p>
          }
          onBack={back}
          clientSecret={payment.clientSecret}
          amount={payment.amount}
          returnPath={`/my-bookings?membership=${m.id}`}
          onOutcome={outcome}
          submitLabel={`Pay ${formatPence(payment.amount)}`}
          billingDetails={{ email }}
        />
      </div>
    );
  return (
    <div className="mt-5 border-t border-slate-200 pt-4">
      {problem ? (
        <p role="alert" className="mb-3 font-semibold text-berry-700">
          {problem}
        </p>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        className={`${primaryButton} sm:w-auto`}
        aria-describedby={describedBy}
        onClick={begin}
        disabled={start.isPending || leaving}
        data-testid="update-card"
      >
        <CreditCard aria-hidden className="h-5 w-5" />
        {leaving
          ? 'Opening the secure card page...'
          : start.isPending
            ? 'One moment...'
            : `Update card and pay ${formatPence(m.pricePence)}`}
      </button>
    </div>
  );
}
