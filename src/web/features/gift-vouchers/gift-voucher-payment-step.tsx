import type { GiftVoucherPurchaseInput } from '../../../shared/contracts/gift-vouchers';
import { formatPence } from '../../../shared/money';
import type { PaymentOutcome } from '../../components/payment/payment-outcome';
import { PaymentStepCard } from '../../components/payment/payment-step-card';

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
  const d = voucher.details;
  const summary = (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-2xl bg-brand-50 p-4 text-slate-900">
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
  );
  return (
    <PaymentStepCard
      title="Pay for Your Gift Voucher"
      summary={summary}
      onBack={onBack}
      clientSecret={voucher.clientSecret}
      returnPath={`/gift-vouchers?paid=${encodeURIComponent(voucher.printToken)}`}
      amount={voucher.amount}
      onOutcome={onOutcome}
      submitLabel="Buy Voucher"
      billingDetails={{ name: d.buyerName, email: d.buyerEmail }}
    />
  );
}
