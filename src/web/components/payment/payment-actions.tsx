import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPence } from '../../../shared/money';
import { primaryButton, Spinner } from '../ui/primitives';

/** The pay button (with its spinner) and the page's secondary action, shared by both payment forms. */
export function PaymentActions(props: {
  amount: number;
  busy: boolean;
  disabled?: boolean;
  submitLabel?: string;
  secondaryAction?: ReactNode;
}) {
  const { amount, busy, disabled, submitLabel, secondaryAction } = props;
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row">
      {secondaryAction}
      <button type="submit" className={`${primaryButton} w-full sm:flex-1`} disabled={disabled || busy}>
        {busy ? (
          <Spinner label="Processing payment..." className="py-0 text-white [&_svg]:text-white" />
        ) : (
          <>
            <Lock aria-hidden className="h-5 w-5" />
            {submitLabel ?? `Pay ${formatPence(amount)}`}
          </>
        )}
      </button>
    </div>
  );
}
