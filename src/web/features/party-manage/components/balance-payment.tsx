import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import type { FamilyPartyView } from '../../../../shared/contracts/party-booking';
import { longDate } from '../../../../shared/date-text';
import { formatPence } from '../../../../shared/money';
import type { PaymentOutcome } from '../../../components/payment/payment-outcome';
import { ProviderPaymentForm } from '../../../components/payment/provider-payment-form';
import { usePaymentsConfig } from '../../../components/payment/use-payments-config';
import { Card, primaryButton, secondaryButton } from '../../../components/ui/primitives';
import { problemText } from '../../../lib/problem-text';
import { startBalancePayment } from '../api/party-manage';
import { GiftVoucherApply } from '../../../components/payment/gift-voucher-apply';

type Step =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'paying'; clientSecret: string; amountPence: number; giftVoucherPence: number };

/**
 * "Pay the balance": the server prices what is due and opens a payment for it; the card form is every
 * payment's (ProviderPaymentForm: Stripe, or the TEST MODE card when the server has no Stripe keys).
 */
export function BalancePayment({
  party,
  token,
  onPaid,
}: {
  party: FamilyPartyView;
  token: string | null;
  /** Told the outcome in words; the page shows them (this card goes once nothing is due). */
  onPaid: (message: string) => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  usePaymentsConfig(); // asked for now, so the card form shows at once when the family starts paying

  const start = () => {
    setProblem(null);
    setStep({ kind: 'starting' });
    startBalancePayment(party.id, token).then(
      (p) =>
        p.clientSecret
          ? setStep({ kind: 'paying', clientSecret: p.clientSecret, amountPence: p.amountPence, giftVoucherPence: 0 })
          : setStep({ kind: 'idle' }),
      (err: unknown) => {
        setProblem(problemText(err));
        setStep({ kind: 'idle' });
      },
    );
  };

  // A gift voucher pays what it can at once; the card form is for what is left (none when nothing is).
  const applyVoucher = async (code: string) => {
    const due = await startBalancePayment(party.id, token, code);
    const before = step.kind === 'paying' ? step.giftVoucherPence : 0;
    if (due.paidInFull || !due.clientSecret) {
      setStep({ kind: 'idle' });
      onPaid(`Thank you: your gift voucher paid ${formatPence(due.giftVoucherPence)} and the balance is paid.`);
      return;
    }
    setStep({
      kind: 'paying',
      clientSecret: due.clientSecret,
      amountPence: due.amountPence,
      giftVoucherPence: before + due.giftVoucherPence,
    });
  };

  const onOutcome = (o: PaymentOutcome) => {
    if (o.status === 'failed') {
      setProblem(o.message);
      return;
    }
    setProblem(null);
    setStep({ kind: 'idle' });
    onPaid(
      o.status === 'succeeded'
        ? 'Thank you: the balance is paid.'
        : 'Your payment is on its way. This page shows it as paid as soon as it clears.',
    );
  };

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <CreditCard aria-hidden className="h-6 w-6 text-brand-700" />
        Pay the balance
      </h2>
      <p className="mt-2 text-slate-800">
        {formatPence(party.balancePence)} is due by {longDate(party.balanceDueDate)}. You can pay it any time before
        then.
      </p>
      {problem ? (
        <p role="alert" className="mt-3 rounded-2xl bg-red-50 p-3 text-slate-900">
          {problem}
        </p>
      ) : null}
      <div className="mt-4">
        <GiftVoucherApply onApply={applyVoucher} />
      </div>
      {step.kind === 'paying' && step.giftVoucherPence > 0 ? (
        <p role="status" className="mt-3 rounded-2xl bg-brand-50 p-3 text-slate-900">
          Gift voucher −{formatPence(step.giftVoucherPence)}. {formatPence(step.amountPence)} is left to pay by card.
        </p>
      ) : null}
      {step.kind === 'idle' || step.kind === 'starting' ? (
        <button type="button" onClick={start} disabled={step.kind === 'starting'} className={`${primaryButton} mt-4`}>
          {step.kind === 'starting' ? 'Preparing your payment...' : `Pay ${formatPence(party.balancePence)} now`}
        </button>
      ) : null}
      {step.kind === 'paying' ? (
        <div className="mt-4">
          <ProviderPaymentForm
            key={step.clientSecret}
            clientSecret={step.clientSecret}
            amount={step.amountPence}
            returnPath={`/party/${encodeURIComponent(party.id)}`}
            onOutcome={onOutcome}
            back={
              <button type="button" className={secondaryButton} onClick={() => setStep({ kind: 'idle' })}>
                Not now
              </button>
            }
          />
        </div>
      ) : null}
    </Card>
  );
}
