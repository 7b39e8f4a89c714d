import { Printer } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, useTransition, type ReactNode } from 'react';
import type { GiftVoucherPurchaseInput } from '../../../shared/contracts/gift-vouchers';
import { RouteLoading } from '../../app/route-loading';
import { Link, useSearchParams } from '../../app/router';
import { FirstView, LoadingBlock, PageShell } from '../../components/page-shell';
import type { PaymentOutcome } from '../../components/payment/payment-outcome';
import { PurchaseDoneBanner } from '../../components/payment/purchase-done-banner';
import { toast } from '../../components/ui/toast-store';
import { secondaryButton } from '../../components/ui/primitives';
import { ApiError } from '../../lib/api';
import { loadOnce } from '../../lib/load-once';
import { BalanceCheck } from './balance-check';
import { useBuyGiftVoucher } from './gift-vouchers-api';
import { GiftVoucherForm } from './gift-voucher-form';
import type { PendingVoucher } from './gift-voucher-payment-step';

// The payment step (the card form of the server's provider) is not in the page's first visit: it starts
// loading with the purchase, alongside the server's answer, and the form stays until both are here.
const loadPaymentStep = loadOnce(() => import('./gift-voucher-payment-step'));
const GiftVoucherPaymentStep = lazy(async () => ({ default: (await loadPaymentStep()).GiftVoucherPaymentStep }));

type Done = { status: 'succeeded' | 'processing'; printToken: string; recipientName?: string };

/**
 * /gift-vouchers (issue 29): the buy form (an amount or a visit, the recipient, a message, the send date),
 * then the same payment step as tickets and credits; once paid, a link to print the voucher. A failed card
 * stays on the payment step so it can be tried again. Below, anyone can check a code's balance.
 */
export function GiftVouchersPage() {
  // The form's first state depends on the address (a return from the payment) and the day: the prerendered
  // first view is the page's frame, with the form's and the balance check's places kept.
  return (
    <FirstView
      shell={
        <GiftVouchersFrame>
          <div className="grid gap-6 lg:grid-cols-5">
            <LoadingBlock label="Loading the form..." className="h-[56rem] lg:col-span-3" />
            <LoadingBlock label="Loading the balance check..." className="h-64 lg:col-span-2" />
          </div>
        </GiftVouchersFrame>
      }
    >
      <GiftVouchers />
    </FirstView>
  );
}

function GiftVouchersFrame({ children }: { children: ReactNode }) {
  return (
    <PageShell
      title="Gift Vouchers"
      intro="Give a play visit or an amount to spend on visits and parties. We e-mail it on the day you choose, and it lasts at least 12 months."
    >
      {children}
    </PageShell>
  );
}

function GiftVouchers() {
  const [params, setParams] = useSearchParams();
  // Back from a payment method that redirects (Stripe adds redirect_status to our ?paid= return URL).
  const redirected = params.get('redirect_status');
  const paidToken = params.get('paid');
  const [pending, setPending] = useState<PendingVoucher | null>(null);
  const [done, setDone] = useState<Done | null>(() =>
    redirected && redirected !== 'failed' && paidToken ? { status: 'succeeded', printToken: paidToken } : null,
  );
  const [formKey, setFormKey] = useState(0);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]> | undefined>();
  const buy = useBuyGiftVoucher();
  const [stepLoading, startStep] = useTransition();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pending, done]);

  useEffect(() => {
    if (!redirected) return;
    if (redirected === 'failed')
      toast({ title: 'Payment Failed', description: 'Your payment could not be completed.', variant: 'destructive' });
    setParams({}, { replace: true });
  }, [redirected, setParams]);

  const start = (details: GiftVoucherPurchaseInput, what: string) => {
    setServerErrors(undefined);
    void loadPaymentStep().catch(() => undefined); // the step tries again when it renders
    buy.mutate(details, {
      // In a transition: the form stays on screen (its button busy) until the step's code has loaded.
      onSuccess: (res) => startStep(() => setPending({ ...res, details, what })),
      onError: (e) => {
        if (e instanceof ApiError) setServerErrors(e.fields);
        toast({
          title: 'Please check the form',
          description: e instanceof ApiError && e.message ? e.message : 'We could not start the payment.',
          variant: 'destructive',
        });
      },
    });
  };

  const onOutcome = (o: PaymentOutcome) => {
    if (o.status === 'failed') {
      toast({ title: 'Payment Failed', description: o.message, variant: 'destructive' });
      return;
    }
    setDone({ status: o.status, printToken: pending!.printToken, recipientName: pending!.details.recipientName });
    setPending(null);
    setFormKey((k) => k + 1);
  };

  return (
    <GiftVouchersFrame>
      <Suspense fallback={<RouteLoading />}>
        {pending ? (
          <GiftVoucherPaymentStep voucher={pending} onBack={() => setPending(null)} onOutcome={onOutcome} />
        ) : (
          <div className="grid gap-6 lg:grid-cols-5">
            {done ? <VoucherDone done={done} /> : null}
            <div className="lg:col-span-3">
              <GiftVoucherForm
                key={formKey}
                pending={buy.isPending || stepLoading}
                serverErrors={serverErrors}
                onSubmit={start}
              />
            </div>
            <div className="space-y-6 lg:col-span-2">
              <BalanceCheck />
            </div>
          </div>
        )}
      </Suspense>
    </GiftVouchersFrame>
  );
}

function VoucherDone({ done }: { done: Done }) {
  return (
    <PurchaseDoneBanner
      message={
        done.status === 'succeeded'
          ? `Thank you! Your gift voucher is paid for. We have e-mailed your receipt, and we will e-mail the voucher${
              done.recipientName ? ` to ${done.recipientName}` : ''
            } on the day you chose.`
          : 'Thank you! Your bank payment is processing. The voucher is ready as soon as it clears, and we e-mail you then.'
      }
      action={
        done.status === 'succeeded' ? (
          <Link to={`/gift-vouchers/print?token=${encodeURIComponent(done.printToken)}`} className={secondaryButton}>
            <Printer aria-hidden className="h-5 w-5" />
            Print the voucher
          </Link>
        ) : null
      }
    />
  );
}
