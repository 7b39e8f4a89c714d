import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import { useCreditBalance } from '../../../api/credit-balance';
import { useDebounced } from '../../../lib/use-debounced';
import { useGiftVoucherBalance } from '../api/gift-voucher-balance';
import { useTicketTypes } from '../api/ticket-types';
import { expectedCreditSaving, orderLines, orderTotal, pricesDiffer, type Quantities } from './order';

/**
 * What step 2 shows the order will cost: priced for the chosen date (prices are dated, as the server prices
 * it), less what a membership covers for the ticked children and what a gift voucher typed in pays; the
 * credits saving is an estimate for the address typed. The server prices the booking itself.
 */
export function useVisitPricing({
  types,
  quantities,
  date,
  customerEmail,
  voucherCode,
  memberCover,
}: {
  types: TicketTypeDto[];
  quantities: Quantities;
  date: string;
  customerEmail: string;
  voucherCode: string;
  memberCover: number;
}) {
  // Until the date's prices arrive the previous ones stay on screen, but the booking waits for them.
  const priced = useTicketTypes(date || undefined);
  const visitTypes = priced.data ?? types;
  const pricesLoading = !!date && priced.isPlaceholderData;
  const lines = orderLines(visitTypes, quantities);
  const total = orderTotal(lines);
  const priceChanged = !!date && !pricesLoading && pricesDiffer(orderLines(types, quantities), lines);
  const email = useDebounced(customerEmail, 400);
  const credits = useCreditBalance(email).data?.totalActiveCredits ?? 0;
  const gift = useGiftVoucherBalance(useDebounced(voucherCode, 400)).data;
  const giftBalance = gift?.status === 'active' ? gift.balance : undefined;
  const covered = Math.min(memberCover, total);
  const giftPays = Math.min(giftBalance ?? 0, total - covered);
  return {
    visitTypes,
    pricesLoading,
    lines,
    total,
    priceChanged,
    email,
    creditSaving: expectedCreditSaving(visitTypes, quantities, credits),
    giftBalance,
    covered,
    giftPays,
    toPay: total - covered - giftPays,
  };
}
