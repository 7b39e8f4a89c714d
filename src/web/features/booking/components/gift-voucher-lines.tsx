import { Star } from 'lucide-react';
import { formatPence } from '../../../../shared/money';
import { pointsPreview } from '../lib/order';

/**
 * Under the order's total on the details step: what the gift voucher typed pays, what is left to pay, and
 * the points that earns (points come with what the card pays, not with what a voucher pays). Kept out of
 * OrderSummary so the tickets step, which cannot have a voucher yet, does not load it.
 */
export function GiftVoucherLines({
  total,
  giftVoucher,
  showPoints,
}: {
  total: number;
  giftVoucher: number;
  showPoints: boolean;
}) {
  const left = total - giftVoucher;
  return (
    <>
      <dl className="mt-2 space-y-1" data-testid="gift-voucher-lines">
        <div className="flex justify-between gap-3 text-brand-800">
          <dt className="font-medium">Gift voucher</dt>
          <dd className="font-semibold whitespace-nowrap">−{formatPence(giftVoucher)}</dd>
        </div>
        <div className="flex justify-between gap-3 text-slate-900">
          <dt className="font-bold">Left to pay</dt>
          <dd className="font-bold whitespace-nowrap">{formatPence(left)}</dd>
        </div>
      </dl>
      {showPoints && left > 0 ? (
        <p className="mt-3 flex items-center gap-2 rounded-xl bg-sun-300/40 px-3 py-2 text-sm font-medium text-slate-900">
          <Star aria-hidden className="h-4 w-4 shrink-0 text-amber-700" />
          You&apos;ll earn {pointsPreview(left)} loyalty points with this booking
        </p>
      ) : null}
    </>
  );
}
