import type { PaymentOutcome } from '../../../components/payment/payment-outcome';
import { PaymentStepCard } from '../../../components/payment/payment-step-card';
import type { PendingPurchase } from '../lib/pending-purchase';
import { PurchaseSummary } from './purchase-summary';

/** Step payment: the summary and the card form of whichever provider the server uses, with Back. */
export function PurchasePaymentStep({
  purchase,
  onBack,
  onOutcome,
}: {
  purchase: PendingPurchase;
  onBack: () => void;
  onOutcome: (o: PaymentOutcome) => void;
}) {
  const { customerName: name, customerEmail: email, customerPhone: phone } = purchase.details;
  return (
    <PaymentStepCard
      title="Complete Your Purchase"
      summary={<PurchaseSummary purchase={purchase} />}
      onBack={onBack}
      clientSecret={purchase.clientSecret}
      returnPath="/session-credits"
      amount={purchase.amount}
      onOutcome={onOutcome}
      submitLabel="Complete Purchase"
      billingDetails={{ name, email, phone }}
    />
  );
}
