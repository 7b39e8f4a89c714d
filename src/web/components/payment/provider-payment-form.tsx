import { lazy, Suspense, type ReactNode } from 'react';
import { Spinner } from '../ui/primitives';
import type { PaymentOutcome } from './payment-outcome';
import { usePaymentsConfig } from './use-payments-config';

// Each provider's card form is a chunk of its own, loaded only where a card form shows and only for the
// provider the server uses: Stripe's React bindings (and then Stripe.js) with Stripe keys, the TEST MODE
// form and zod, which checks it, without. A page that may take a payment carries neither until then.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));
const TestCardForm = lazy(async () => ({ default: (await import('./test-card-form')).TestCardForm }));

type Props = {
  clientSecret: string;
  amount: number;
  /** Where Stripe sends the family back after a redirecting method. */
  returnPath: string;
  onOutcome: (o: PaymentOutcome) => void;
  submitLabel?: string;
  billingDetails?: { name?: string; email?: string; phone?: string };
  /**
   * A Back button beside the pay button, on a step of a page. With it, a form that cannot load says to go
   * back and shows the button; without it (a page of its own) it says to refresh.
   */
  back?: ReactNode;
};

/**
 * The card form of whichever provider the server uses (GET /api/payments/config): Stripe Elements with
 * live keys, else the TEST MODE card form. Every payment (tickets, credits, vouchers, parties) shows it.
 */
export function ProviderPaymentForm({
  clientSecret,
  amount,
  returnPath,
  onOutcome,
  submitLabel,
  billingDetails,
  back,
}: Props) {
  const config = usePaymentsConfig();
  if (config.isPending) return <Spinner label="Loading payment form..." />;
  if (config.isError)
    return back ? (
      <div className="space-y-4">
        <p role="alert" className="text-slate-800">
          We couldn&apos;t load the payment form. Please go back and try again.
        </p>
        {back}
      </div>
    ) : (
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
          amount={amount}
          onOutcome={onOutcome}
          submitLabel={submitLabel}
          secondaryAction={back}
          billingDetails={billingDetails}
        />
      </Suspense>
    );
  return (
    <Suspense fallback={<Spinner label="Loading payment form..." />}>
      <TestCardForm
        clientSecret={clientSecret}
        amount={amount}
        onOutcome={onOutcome}
        submitLabel={submitLabel}
        secondaryAction={back}
      />
    </Suspense>
  );
}
