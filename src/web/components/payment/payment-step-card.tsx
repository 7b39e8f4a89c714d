import { ArrowLeft, ShieldCheck } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Card, secondaryButton } from '../ui/primitives';
import { ProviderPaymentForm } from './provider-payment-form';

type PaymentProps = Omit<ComponentProps<typeof ProviderPaymentForm>, 'back'>;

/**
 * The last step of a purchase made on one page (session credits, a gift voucher): what is being bought,
 * then the card form with a Back button to the details.
 */
export function PaymentStepCard({
  title,
  summary,
  onBack,
  ...payment
}: PaymentProps & { title: string; summary: ReactNode; onBack: () => void }) {
  const back = (
    <button type="button" onClick={onBack} className={`${secondaryButton} min-h-12 sm:w-auto`}>
      <ArrowLeft aria-hidden className="h-5 w-5" />
      Back
    </button>
  );
  return (
    <Card className="max-w-2xl">
      <h2 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <ShieldCheck aria-hidden className="h-7 w-7 shrink-0 text-brand-700" />
        {title}
      </h2>
      <div className="mt-4">{summary}</div>
      <div className="mt-6">
        <ProviderPaymentForm {...payment} back={back} />
      </div>
    </Card>
  );
}
