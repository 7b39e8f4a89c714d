import type { TicketTypeView } from './catalogue';
import type { Pence } from './money';
import { creditBundle } from './venue';

export type BundleValue = { childSessionPence: Pence; regularPricePence: Pence; savingsPence: Pence };

/**
 * What the credit bundle saves against paying session by session: the bundle's price is a rule
 * (venue.ts), the session price is the catalogue's child ticket, which the venue may change.
 */
export function bundleValue(types: readonly Pick<TicketTypeView, 'id' | 'pricePence' | 'feePence'>[]): BundleValue {
  const child = types.find((t) => t.id === creditBundle.ticketTypeId);
  const childSessionPence = child ? child.pricePence + child.feePence : creditBundle.childSessionPence;
  const regularPricePence = childSessionPence * creditBundle.credits;
  return {
    childSessionPence,
    regularPricePence,
    savingsPence: Math.max(0, regularPricePence - creditBundle.pricePence),
  };
}
