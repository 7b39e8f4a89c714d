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

export const postJson = (app: FastifyInstance, url: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
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
