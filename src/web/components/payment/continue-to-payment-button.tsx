import { ArrowRight } from 'lucide-react';
import { primaryButton, Spinner } from '../ui/primitives';

/** The details form's full-width submit before a payment step; it spins while the purchase is set up. */
export function ContinueToPaymentButton({ pending }: { pending: boolean }) {
  return (
    <button type="submit" className={`${primaryButton} w-full`} disabled={pending}>
      {pending ? (
        <Spinner label="Processing..." className="py-0 text-white [&_svg]:text-white" />
      ) : (
        <>
          Continue to Payment
          <ArrowRight aria-hidden className="h-5 w-5" />
        </>
      )}
    </button>
  );
}
