import type { Seller } from '../payments/sellers';
import { applyPartyPayment } from './apply-party-payment';
import { enqueuePartyRefundMail } from './party-refund-mail';

/** A party's deposit or balance, as payments knows it (payments/sellers.ts). */
export const partySeller: Seller = {
  name: 'party',
  takingsKind: 'parties',
  subjectOf: (payment) => payment.partyBookingId,
  applyStatus: (tx, report) =>
    applyPartyPayment(tx, {
      ...report,
      partyId: report.subjectId,
      catalogue: report.adminCatalogue,
      venue: report.catalogue.venue,
    }),
  refundCarriedOut: enqueuePartyRefundMail,
};
