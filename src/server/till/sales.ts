import type { AppContext } from '../context';

/**
 * STUB (branch wt-48b): the till core (branch wt-48a) owns this file and its real markTillSaleCardResult; it
 * is kept when the branches are merged. Here only so the card reader (./card-reader) compiles on its own.
 */
export async function markTillSaleCardResult(
  _ctx: AppContext,
  _saleId: string,
  _result: { status: 'paid' | 'declined' | 'cancelled'; message?: string; paymentIntentId: string },
): Promise<void> {
  throw new Error('markTillSaleCardResult: the till core (wt-48a) is not merged into this branch');
}
