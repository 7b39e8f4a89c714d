import { formatPence } from '../../../../shared/money';
import type { PaymentOutcome } from '../../../components/payment/payment-outcome';
import { PaymentStepCard } from '../../../components/payment/payment-step-card';
import type { PendingJoin } from '../lib/pending-join';
import { JoinSummary } from './join-summary';

/** The last step: the summary and the card form of whichever provider the server uses, with Back. */
export function JoinPaymentStep({
  pending,
  onBack,
  onOutcome,
}: {
  pending: PendingJoin;
  onBack: () => void;
  onOutcome: (o: PaymentOutcome) => void;
}) {
  return (
    <PaymentStepCard
      title={`Pay for your ${pending.plan.name}`}
      summary={<JoinSummary plan={pending.plan} childNames={pending.childNames} amount={pending.amount} />}
      onBack={onBack}
      clientSecret={pending.clientSecret}
      returnPath="/memberships"
      amount={pending.amount}
      onOutcome={onOutcome}
      submitLabel={`Pay ${formatPence(pending.amount)} and join`}
      billingDetails={{ email: pending.email }}
    />
  );
}
