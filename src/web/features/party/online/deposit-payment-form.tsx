import { lazy, Suspense } from 'react';
import { usePaymentsConfig } from '../../../components/payment/use-payments-config';
import { TestCardForm } from '../../../components/payment/test-card-form';
import type { PaymentOutcome } from '../../../components/payment/payment-outcome';
import { Spinner } from '../../../components/ui/primitives';

// Stripe's React bindings and Stripe.js load only on this step, and only when the server uses Stripe.
const StripePaymentForm = lazy(() => import('../../../components/payment/stripe-payment-form'));

type Props = {
  clientSecret: string;
  amountPence: number;
  /** Where Stripe sends the family back after a redirecting method. */
  returnPath: string;
  onOutcome: (o: PaymentOutcome) => void;
  submitLabel: string;
  billingDetails?: { name?: string; email?: string; phone?: string };
};

/**
 * The provider the server uses (GET /api/payments/config), as the ticket payment page chooses it: Stripe
 * Elements with live keys, else the TEST MODE card form, both with the party's deposit payment.
 */
export function DepositPaymentForm({
  clientSecret,
  amountPence,
  returnPath,
  onOutcome,
  submitLabel,
  billingDetails,
}: Props) {
  const config = usePaymentsConfig();
  if (config.isPending) return <Spinner label="Loading payment form..." />;
  if (config.isError)
    return (
      <p role="alert" className="text-slate-800">
        We couldn&apos;t load the payment form. Please refresh the page to try again.
      </p>
    );
  if (config.data.provider === 'stripe')
    return (
      <Suspense fallback={<Spinner label="Loading secure payment form..." />}>
        <StripePaymentForm
          publishableKey={config.data.publishableKey}
          clientSecret={clientSecret}
          returnPath={returnPath}
          amount={amountPence}
          onOutcome={onOutcome}
          submitLabel={submitLabel}
          billingDetails={billingDetails}
        />
      </Suspense>
    );
  return (
    <TestCardForm clientSecret={clientSecret} amount={amountPence} onOutcome={onOutcome} submitLabel={submitLabel} />
  );
}
