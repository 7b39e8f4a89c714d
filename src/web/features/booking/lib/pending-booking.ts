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
/** Kept apart from the pending booking, which the success page removes but may still poll for. */
const SECRETS_KEY = 'bookingSecrets';

/** The secret the server gave with a new booking: only with it does GET /api/bookings/{id} answer this tab. */
export function saveBookingSecret(bookingId: string, secret: string): void {
  try {
    const all = JSON.parse(sessionStorage.getItem(SECRETS_KEY) ?? '{}') as Record<string, string>;
    sessionStorage.setItem(SECRETS_KEY, JSON.stringify({ ...all, [bookingId]: secret }));
  } catch {
    /* storage disabled: the family session (My Bookings) still shows the booking */
  }
}

export function bookingSecretFor(bookingId: string): string | null {
  try {
    const all = JSON.parse(sessionStorage.getItem(SECRETS_KEY) ?? '{}') as Record<string, string>;
    return all[bookingId] ?? null;
  } catch {
    return null;
  }
}

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
