import type { CreateBookingInput, CreateBookingResponse } from '../../../../shared/contracts/booking';

/**
 * The pending booking kept in session storage between submit and the success page (SPEC.md section 3):
 * the payload sent, the bookingId, and paymentDetails. The success page reads and removes it.
 */
export type PendingBooking = CreateBookingInput & {
  bookingId: string;
  paymentDetails: Pick<
    CreateBookingResponse,
    'originalAmount' | 'finalAmount' | 'sessionCreditsUsed' | 'creditSavings'
  >;
};

const KEY = 'pendingBooking';

export function savePendingBooking(p: PendingBooking): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    /* storage full or disabled: the pages fall back to asking the server */
  }
}

export function readPendingBooking(): PendingBooking | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as PendingBooking) : null;
  } catch {
    return null;
  }
}

export function removePendingBooking(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing to remove */
  }
}
