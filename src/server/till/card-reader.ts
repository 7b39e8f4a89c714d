import type { AppContext } from '../context';
import { AppError } from '../http/errors';

/**
 * The seam between a till sale and the card reader (issue 48). A placeholder until the Stripe Terminal
 * work (branch wt-48b) replaces this file: it sends the sale's amount to the reader and, from the webhook,
 * calls markTillSaleCardResult (./sales). Until then no reader is set up.
 */
export async function startReaderPayment(
  _ctx: AppContext,
  _payment: { saleId: string; amountPence: number; readerId: string; description: string },
): Promise<void> {
  throw new AppError('reader_unavailable', 'No card reader is set up');
}
