import { randomBytes, randomInt } from 'node:crypto';

// No 0/O, 1/I/L: a reference read out over the phone or typed at the kiosk cannot be misread.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A human booking reference like PTB-7K3Q9X (31^6, about 900 million). */
export function newBookingReference(): string {
  let s = '';
  for (let i = 0; i < 6; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `PTB-${s}`;
}

/** The kiosk QR's payload: 192 random bits, unguessable, never derived from the booking id. */
export function newTicketToken(): string {
  return randomBytes(24).toString('base64url');
}
