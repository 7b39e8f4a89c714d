import { Receipt } from 'lucide-react';

/** A link to the provider's receipt page for a payment, opened in a new tab. */
export function ReceiptLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="inline-flex min-h-11 items-center gap-1 text-brand-800 underline"
    >
      <Receipt aria-hidden className="h-4 w-4" />
      Receipt
      <span className="sr-only"> (opens Stripe's receipt in a new tab)</span>
    </a>
  );
}
