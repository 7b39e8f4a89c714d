import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreateBookingInput } from '../../../shared/contracts/booking';
import type { Db } from '../../db/client';
import { outbox, sessionOccupancy } from '../../db/schema';

/** A valid booking payload for a weekday session; override what a test is about. */
export function bookingPayload(overrides: Partial<CreateBookingInput> = {}): CreateBookingInput {
  return {
    customerName: 'Jo Bloggs',
    customerEmail: 'jo@example.com',
    customerPhone: '07700 900123',
    selectedDate: '2025-10-22',
    selectedTime: 'morning',
    specialRequests: 'One child has a nut allergy',
    agreeToTerms: true,
    ticketQuantities: { 'child-1-12': 2, adult: 1 },
    totalAmount: 2 * 950 + 200,
    loyaltyOptIn: true,
    ...overrides,
  };
}

/** One child in the midday session on `date`: the smallest paid booking, for tests that count holds. */
export const oneChildBooking = (email: string, date: string): CreateBookingInput =>
  bookingPayload({
    customerEmail: email,
    selectedDate: date,
    selectedTime: 'midday',
    ticketQuantities: { 'child-1-12': 1 },
    totalAmount: 950,
  });

/** Secrets of the bookings tests made, so GET /api/bookings/{id} answers them as it answers the booking page. */
const bookingSecrets = new Map<string, string>();

/** `cookie`: e.g. a family session (families/testing/family-fixtures.ts), for calls that need one. */
export async function postJson(app: FastifyInstance, url: string, payload: unknown, cookie?: string) {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  if (url === '/api/create-booking-payment' && res.statusCode === 201) {
    const { bookingId, bookingSecret } = res.json() as { bookingId: string; bookingSecret: string };
    bookingSecrets.set(bookingId, bookingSecret);
  }
  return res;
}

/** GET /api/bookings/{id} as the browser that made the booking (with its secret). */
export const getBooking = (app: FastifyInstance, bookingId: string) =>
  app.inject({
    method: 'GET',
    url: `/api/bookings/${bookingId}`,
    headers: { 'x-booking-secret': bookingSecrets.get(bookingId) ?? '' },
  });

export const payWith = (app: FastifyInstance, clientSecret: string, cardNumber = '4242 4242 4242 4242') =>
  postJson(app, '/api/test-payments/confirm', {
    clientSecret,
    cardNumber,
    expiry: '12/34',
    cvc: '123',
    name: 'Jo Bloggs',
  });

export async function taken(db: Db, date: string, sessionId: string): Promise<number> {
  const rows = await db.select().from(sessionOccupancy).where(eq(sessionOccupancy.visitDate, date));
  return rows.find((r) => r.sessionId === sessionId)?.taken ?? 0;
}

export async function mailsTo(db: Db, address: string) {
  return (await db.select().from(outbox).where(eq(outbox.toAddress, address))).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );
}

/** The signed cancellation token from a confirmation mail's link. */
export function cancelTokenFrom(mailText: string): string {
  const m = /cancel-booking\?token=(\S+)/.exec(mailText);
  if (!m) throw new Error('no cancellation link in mail');
  return decodeURIComponent(m[1]!);
}
