import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type ReactNode, useState } from 'react';
import { Spinner } from '../ui/primitives';

import { PaymentActions } from './payment-actions';
import type { PaymentOutcome } from './payment-outcome';

type Props = {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the family back after a redirecting method (a path on this site). */
  returnPath: string;
  amount: number;
  onOutcome: (o: PaymentOutcome) => void;
  submitLabel?: string;
  secondaryAction?: ReactNode;
  /** Sent with the payment method (the credits page sends name, e-mail and phone, SPEC.md section 7). */
  billingDetails?: { name?: string; email?: string; phone?: string };
};

// Stripe.js is fetched from js.stripe.com (allowed by our CSP) only when this chunk runs (a payment step).
let stripePromise: Promise<Stripe | null> | null = null;
const getStripe = (key: string) => (stripePromise ??= loadStripe(key));

/** The Stripe Payment Element: card and Google Pay, then Bacs Direct Debit (SPEC.md section 7). */
export default function StripePaymentForm({ publishableKey, clientSecret, ...rest }: Props) {
  return (
    <Elements
      stripe={getStripe(publishableKey)}
      options={{
        clientSecret,
        appearance: {
          theme: 'stripe',
          variables: { colorPrimary: '#0f766e', borderRadius: '12px', fontSizeBase: '16px' },
        },
      }}
    >
      <StripeForm {...rest} />
    </Elements>
  );
}

function StripeForm({
  returnPath,
  amount,
  onOutcome,
  submitLabel,
  secondaryAction,
  billingDetails,
}: Omit<Props, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);

  const pay = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: {
        return_url: `${window.location.origin}${returnPath}`,
        ...(billingDetails ? { payment_method_data: { billing_details: billingDetails } } : {}),
      },
      redirect: 'if_required',
    });
    setBusy(false);
    if (error) onOutcome({ status: 'failed', message: error.message ?? 'Your payment could not be completed.' });
    else if (paymentIntent?.status === 'succeeded') onOutcome({ status: 'succeeded' });
    else onOutcome({ status: 'processing' });
  };

  return (
    <form onSubmit={pay} className="space-y-5">
      {!ready ? <Spinner label="Loading secure payment form..." /> : null}
      <PaymentElement
        options={{ paymentMethodOrder: ['card', 'bacs_debit'], layout: 'tabs' }}
        onReady={() => setReady(true)}
      />
      <PaymentActions
        amount={amount}
        busy={busy}
        disabled={!stripe || !ready}
        submitLabel={submitLabel}
        secondaryAction={secondaryAction}
      />
    </form>
  );
}
