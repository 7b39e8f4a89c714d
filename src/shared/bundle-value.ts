import type { TicketTypeView } from './catalogue';
import type { Pence } from './money';
import { creditTicketOf, type VisitRulesDocument } from './visit-rules';

export type BundleValue = {
  perCreditPence: Pence;
  childSessionPence: Pence;
  regularPricePence: Pence;
  savingsPence: Pence;
};

/**
 * What the credit bundle saves against paying session by session: both the bundle (the visit rules
 * document) and the session price (the child ticket) are the catalogue's, and the venue may change either.
 */
export function bundleValue(
  creditBundle: VisitRulesDocument['creditBundle'],
  types: readonly Pick<TicketTypeView, 'id' | 'pricePence' | 'feePence' | 'paidByCredit'>[],
): BundleValue {
  const perCreditPence = Math.round(creditBundle.pricePence / creditBundle.credits);
  const child = creditTicketOf(types);
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
