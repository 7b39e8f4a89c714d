import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { TestCardForm } from '../../../components/payment/test-card-form';
import type { PaymentOutcome } from '../../../components/payment/payment-outcome';
import { usePaymentsConfig } from '../../../components/payment/use-payments-config';
import { Card, secondaryButton, Spinner } from '../../../components/ui/primitives';
import type { PendingPurchase } from '../lib/pending-purchase';
import { PurchaseSummary } from './purchase-summary';

// Stripe.js loads only at this step, and only when the server uses Stripe.
const StripePaymentForm = lazy(() => import('../../../components/payment/stripe-payment-form'));

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
  const config = usePaymentsConfig();
  const back = (
    <button type="button" onClick={onBack} className={`${secondaryButton} min-h-12 sm:w-auto`}>
      <ArrowLeft aria-hidden className="h-5 w-5" />
      Back
    </button>
  );
  const { customerName: name, customerEmail: email, customerPhone: phone } = purchase.details;

  return (
    <Card className="max-w-2xl">
      <h2 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <ShieldCheck aria-hidden className="h-7 w-7 shrink-0 text-brand-700" />
        Complete Your Purchase
      </h2>
      <div className="mt-4">
        <PurchaseSummary purchase={purchase} />
      </div>
      <div className="mt-6">
        {config.isPending ? (
          <Spinner label="Loading payment form..." />
        ) : config.isError ? (
          <div className="space-y-4">
            <p role="alert" className="text-slate-800">
              We couldn&apos;t load the payment form. Please go back and try again.
            </p>
            {back}
          </div>
        ) : config.data.provider === 'stripe' ? (
          <Suspense fallback={<Spinner label="Loading secure payment form..." />}>
            <StripePaymentForm
              publishableKey={config.data.publishableKey}
              clientSecret={purchase.clientSecret}
              returnPath="/session-credits"
              amount={purchase.amount}
              onOutcome={onOutcome}
              submitLabel="Complete Purchase"
              secondaryAction={back}
              billingDetails={{ name, email, phone }}
            />
          </Suspense>
        ) : (
          <TestCardForm
            clientSecret={purchase.clientSecret}
            amount={purchase.amount}
            onOutcome={onOutcome}
            submitLabel="Complete Purchase"
            secondaryAction={back}
          />
        )}
      </div>
    </Card>
  );
}
