import { Star } from 'lucide-react';
import { formatPence } from '../../../../shared/money';
import { pointsPreview, type OrderLine } from '../lib/order';
import { OrderSummary } from './order-summary';

/**
 * Under the order's total on the details step: what a membership covers (its places cost nothing), what the
 * gift voucher typed pays, what is left to pay, and the points that earns (points come with what the card
 * pays, not with what a voucher pays). Kept out of OrderSummary so the tickets step does not load it.
 */
export function GiftVoucherLines({
  total,
  giftVoucher,
  membership = 0,
  showPoints,
}: {
  total: number;
  giftVoucher: number;
  /** What the family's membership covers, in pence (an estimate: the server prices the booking). */
  membership?: number;
  showPoints: boolean;
}) {
  const left = total - membership - giftVoucher;
  return (
    <>
      <dl className="mt-2 space-y-1" data-testid="gift-voucher-lines">
        {membership > 0 ? (
          <div className="flex justify-between gap-3 text-brand-800" data-testid="membership-line">
            <dt className="font-medium">Covered by your membership</dt>
            <dd className="font-semibold whitespace-nowrap">−{formatPence(membership)}</dd>
          </div>
        ) : null}
        {giftVoucher > 0 ? (
          <div className="flex justify-between gap-3 text-brand-800">
            <dt className="font-medium">Gift voucher</dt>
            <dd className="font-semibold whitespace-nowrap">−{formatPence(giftVoucher)}</dd>
          </div>
        ) : null}
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

/** The details step's order panel: the order, then what a membership and a gift voucher pay of it. */
export function DetailsOrderSummary({
  lines,
  total,
  loyaltyOptIn,
  creditSaving,
  giftPays,
  covered,
}: {
  lines: OrderLine[];
  total: number;
  loyaltyOptIn: boolean;
  creditSaving: number;
  giftPays: number;
  covered: number;
}) {
  return (
    <OrderSummary
      lines={lines}
      showPoints={loyaltyOptIn && giftPays === 0 && covered === 0}
      creditSaving={creditSaving}
      afterTotal={
        giftPays > 0 || covered > 0 ? (
          <GiftVoucherLines total={total} giftVoucher={giftPays} membership={covered} showPoints={loyaltyOptIn} />
        ) : null
      }
    />
  );
}
