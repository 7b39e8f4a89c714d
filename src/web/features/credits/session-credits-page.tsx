import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from '../../app/router';
import type { CreditPurchaseInput } from '../../../shared/contracts/credits';
import { useCatalogue } from '../../app/catalogue';
import { PageShell } from '../../components/page-shell';
import type { PaymentOutcome } from '../../components/payment/payment-outcome';
import { PurchaseDoneBanner } from '../../components/payment/purchase-done-banner';
import { toast } from '../../components/ui/toast-store';
import { primaryButton } from '../../components/ui/primitives';
import { ApiError } from '../../lib/api';
import { usePurchaseCredits } from './api/purchase-credits';
import { CreditBenefits } from './components/credit-benefits';
import { PricingComparison } from './components/pricing-comparison';
import { RouteLoading } from '../../app/route-loading';
import type { PendingPurchase } from './lib/pending-purchase';

// The form (with zod) and the payment step load after the page's first paint, so the
// pricing a family came to see shows at once.
const PurchaseDetailsForm = lazy(async () => ({
  default: (await import('./components/purchase-details-form')).PurchaseDetailsForm,
}));
const PurchasePaymentStep = lazy(async () => ({
  default: (await import('./components/purchase-payment-step')).PurchasePaymentStep,
}));

/** `credits`: what this purchase bought, whatever the bundle says since. */
type Done = { email: string; status: 'succeeded' | 'processing'; credits: number };

/**
 * /session-credits (SPEC.md sections 2, 4, 8): the info step (prices, benefits, details) and the
 * payment step. Back, or a successful payment, returns to the info step with the form, the secret and
 * the purchase cleared; a failed payment stays on the payment step so the family can try again.
 */
export function SessionCreditsPage() {
  const [purchase, setPurchase] = useState<PendingPurchase | null>(null);
  const [formKey, setFormKey] = useState(0); // a new key mounts an empty form
  const [done, setDone] = useState<Done | null>(null);
  const mutation = usePurchaseCredits();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { credits } = useCatalogue().visitRules.creditBundle;

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [purchase]); // each step starts at its top

  // Back from a payment method that redirects (Stripe adds redirect_status to the return URL).
  const redirected = params.get('redirect_status');
  useEffect(() => {
    if (!redirected) return;
    if (redirected === 'failed')
      toast({ title: 'Payment Failed', description: 'Your payment could not be completed.', variant: 'destructive' });
    else toast({ title: 'Payment Successful!', description: 'Your session credits have been purchased successfully.' });
    setParams({}, { replace: true });
  }, [redirected, setParams]);

  const start = (details: CreditPurchaseInput) => {
    setDone(null);
    mutation.mutate(details, {
      onSuccess: (res) => {
        setPurchase({ ...res, details });
        toast({ title: 'Payment Ready', description: 'Please complete your payment to purchase the session credits.' });
      },
      onError: (e) =>
        toast({
          title: 'Error',
          description: e instanceof ApiError && e.message ? e.message : 'Failed to create payment intent',
          variant: 'destructive',
        }),
    });
  };

  const backToInfo = () => {
    setPurchase(null);
    setFormKey((k) => k + 1);
  };

  const onOutcome = (o: PaymentOutcome) => {
    if (o.status === 'failed') {
      toast({ title: 'Payment Failed', description: o.message, variant: 'destructive' });
      return;
    }
    if (o.status === 'succeeded')
      toast({ title: 'Payment Successful!', description: 'Your session credits have been purchased successfully.' });
    setDone({ email: purchase?.details.customerEmail ?? '', status: o.status, credits: purchase?.credits ?? credits });
    void queryClient.invalidateQueries({ queryKey: ['/api/session-credits'] });
    backToInfo();
  };

  return (
    <PageShell
      title="Bulk Session Credits"
      intro={`Buy ${credits} play sessions at once and save. Credits never expire and are used automatically when you book.`}
    >
      {purchase ? (
        <Suspense fallback={<RouteLoading />}>
          <PurchasePaymentStep purchase={purchase} onBack={backToInfo} onOutcome={onOutcome} />
        </Suspense>
      ) : (
        // Phones read prices, then the form, then the benefits; wide screens put the form beside both.
        <div className="grid gap-6 lg:grid-cols-5">
          {done ? <PurchaseDone done={done} /> : null}
          <div className="lg:col-span-3">
            <PricingComparison />
          </div>
          <div className="lg:col-span-2 lg:col-start-4 lg:row-span-2 lg:self-start">
            <Suspense fallback={<RouteLoading />}>
              <PurchaseDetailsForm key={formKey} pending={mutation.isPending} onSubmit={start} />
            </Suspense>
          </div>
          <div className="lg:col-span-3">
            <CreditBenefits />
          </div>
        </div>
      )}
    </PageShell>
  );
}

function PurchaseDone({ done }: { done: Done }) {
  return (
    <PurchaseDoneBanner
      message={
        done.status === 'succeeded'
          ? `Thank you! Your ${done.credits} credits are on ${done.email}, and we have emailed your receipt. To use them, confirm that email on the booking page with the code we send you.`
          : `Thank you! Your bank payment is processing. Your ${done.credits} credits are added to ${done.email} as soon as it clears, usually within 1-3 business days.`
      }
      action={
        <Link to="/booking" className={primaryButton}>
          Book a Visit
        </Link>
      }
    />
  );
}
