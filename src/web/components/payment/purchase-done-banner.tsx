import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/** The thank-you across the top of a purchase page once paid (credits, a gift voucher), with what to do next. */
export function PurchaseDoneBanner({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-3xl border-2 border-brand-700 bg-white p-5 sm:flex-row sm:items-center lg:col-span-5"
    >
      <CircleCheck aria-hidden className="h-8 w-8 shrink-0 text-brand-700" />
      <p className="flex-1 text-slate-900">{message}</p>
      {action}
    </div>
  );
}
