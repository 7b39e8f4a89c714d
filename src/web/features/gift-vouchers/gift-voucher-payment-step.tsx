import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { GiftVoucherPurchaseInput } from '../../../shared/contracts/gift-vouchers';
import { formatPence } from '../../../shared/money';
import { TestCardForm } from '../../components/payment/test-card-form';
import type { PaymentOutcome } from '../../components/payment/payment-outcome';
import { usePaymentsConfig } from '../../components/payment/use-payments-config';
import { Card, secondaryButton, Spinner } from '../../components/ui/primitives';

// Stripe.js loads only at this step, and only when the server uses Stripe.
const StripePaymentForm = lazy(() => import('../../components/payment/stripe-payment-form'));

export type PendingVoucher = {
  clientSecret: string;
  voucherId: string;
  amount: number;
  printToken: string;
  details: GiftVoucherPurchaseInput;
  /** "£30.00" or "Child (1-12 years) visit". */
  what: string;
};

/** The payment step: what is being bought, and the card form of whichever provider the server uses. */
export function GiftVoucherPaymentStep({
  voucher,
  onBack,
  onOutcome,
}: {
  voucher: PendingVoucher;
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
  const d = voucher.details;
  return (
    <Card className="max-w-2xl">
      <h2 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <ShieldCheck aria-hidden className="h-7 w-7 shrink-0 text-brand-700" />
        Pay for Your Gift Voucher
      </h2>
      <dl className="mt-4 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-2xl bg-brand-50 p-4 text-slate-900">
        <dt className="font-semibold">Voucher</dt>
        <dd>{voucher.what}</dd>
        <dt className="font-semibold">For</dt>
        <dd className="[overflow-wrap:anywhere]">
          {d.recipientName} ({d.recipientEmail})
        </dd>
        <dt className="font-semibold">Sent on</dt>
        <dd>{new Date(`${d.sendOn}T12:00:00Z`).toLocaleDateString('en-GB', { dateStyle: 'full', timeZone: 'UTC' })}</dd>
        <dt className="font-semibold">To pay</dt>
        <dd className="font-bold">{formatPence(voucher.amount)}</dd>
      </dl>
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
              clientSecret={voucher.clientSecret}
              returnPath={`/gift-vouchers?paid=${encodeURIComponent(voucher.printToken)}`}
              amount={voucher.amount}
              onOutcome={onOutcome}
              submitLabel="Buy Voucher"
              secondaryAction={back}
              billingDetails={{ name: d.buyerName, email: d.buyerEmail }}
            />
          </Suspense>
        ) : (
          <TestCardForm
            clientSecret={voucher.clientSecret}
            amount={voucher.amount}
            onOutcome={onOutcome}
            submitLabel="Buy Voucher"
            secondaryAction={back}
          />
        )}
      </div>
    </Card>
  );
}
