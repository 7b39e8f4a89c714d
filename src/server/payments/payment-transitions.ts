import type { BookingStatus } from '../../shared/contracts/booking';
import type { PaymentStatus } from '../db/schema';
import type { ProviderPaymentStatus } from './provider';

export type IncomingPaymentStatus = ProviderPaymentStatus | 'refunded';

/** What applying a provider's report did (apply-payment-status.ts, and credits' purchase payments). */
export type ApplyPaymentResult =
  | { outcome: 'unknown_payment' }
  | { outcome: 'unchanged' | 'updated'; paymentStatus: PaymentStatus; bookingStatus: BookingStatus | null };

// Which provider reports may move a payment on. Anything else is stale or repeated (webhooks arrive
// late, twice and out of order) and is ignored. A failed card can be retried, so failed is not final.
const allowed: Record<PaymentStatus, readonly IncomingPaymentStatus[]> = {
  pending: ['processing', 'succeeded', 'failed', 'canceled'],
  processing: ['succeeded', 'failed', 'canceled'],
  failed: ['processing', 'succeeded', 'canceled'],
  succeeded: ['refunded'],
  canceled: [],
  refunded: [],
};

/** The payment's next status, or null when the report changes nothing. */
export function nextPaymentStatus(current: PaymentStatus, incoming: IncomingPaymentStatus): PaymentStatus | null {
  return allowed[current].includes(incoming) ? incoming : null;
}
