import type { TicketTypeView } from './catalogue';
import type { Pence } from './money';
import { creditBundle } from './venue';

export type BundleValue = {
  perCreditPence: Pence;
  childSessionPence: Pence;
  regularPricePence: Pence;
  savingsPence: Pence;
};

/**
 * What the credit bundle saves against paying session by session: the bundle's price is a rule
 * (venue.ts), the session price is the catalogue's child ticket, which the venue may change.
 */
export function bundleValue(types: readonly Pick<TicketTypeView, 'id' | 'pricePence' | 'feePence'>[]): BundleValue {
  const perCreditPence = Math.round(creditBundle.pricePence / creditBundle.credits);
  const child = types.find((t) => t.id === creditBundle.ticketTypeId);
  // No child ticket on sale that day: nothing to compare with, so no saving is claimed.
  const childSessionPence = child ? child.pricePence + child.feePence : perCreditPence;
  const regularPricePence = childSessionPence * creditBundle.credits;
  return {
    perCreditPence,
    childSessionPence,
    regularPricePence,
    savingsPence: Math.max(0, regularPricePence - creditBundle.pricePence),
  };
}
