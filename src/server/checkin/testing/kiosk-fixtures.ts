import type { FastifyInstance } from 'fastify';
import type { CreateBookingInput } from '../../../shared/contracts/booking';
import { bookingPayload, payWith, postJson } from '../../bookings/testing/booking-fixtures';

/**
 * Books through the real API (the app's clock must be on or before the visit day) and, unless
 * `pay: false`, pays with the TEST MODE card so the booking is confirmed. Returns the booking id.
 */
export async function bookTicket(
  app: FastifyInstance,
  overrides: Partial<CreateBookingInput>,
  opts: { pay?: boolean } = {},
): Promise<string> {
  const res = await postJson(app, '/api/create-booking-payment', bookingPayload(overrides));
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  const { clientSecret, bookingId } = res.json() as { clientSecret: string; bookingId: string };
  if (opts.pay !== false) {
    const paid = await payWith(app, clientSecret);
    if (paid.json().status !== 'succeeded') throw new Error(`payment failed: ${paid.body}`);
  }
  return bookingId;
}

/** A kiosk call with the device's cookie. */
export const kioskPost = (app: FastifyInstance, cookie: string | undefined, url: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

/** The three agreements a check-in needs, ticked. */
export const agreed = { cefParkingAgreed: true, termsAgreed: true } as const;
