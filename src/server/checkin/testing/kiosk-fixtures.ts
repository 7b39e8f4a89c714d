import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreateBookingInput } from '../../../shared/contracts/booking';
import type { FindTicketsInput, FindTicketsResponse, KioskTicket } from '../../../shared/contracts/checkin';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
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

/** A booking's reference and the token its ticket QR carries, as the family has them. */
export async function ticketCodes(db: Db, bookingId: string): Promise<{ reference: string; token: string }> {
  const [b] = await db
    .select({ reference: bookings.reference, token: bookings.ticketToken })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!b) throw new Error(`no booking ${bookingId}`);
  return b;
}

/** POST /api/check-in/find as the device with `cookie`; the tickets of a 200, or throws. */
export async function findAs(app: FastifyInstance, cookie: string, input: FindTicketsInput): Promise<KioskTicket[]> {
  const res = await kioskPost(app, cookie, '/api/check-in/find', input);
  if (res.statusCode !== 200) throw new Error(`find failed: ${res.statusCode} ${res.body}`);
  return (res.json() as FindTicketsResponse).tickets;
}

/**
 * The handle a kiosk gets for a booking: by scanning its ticket (which may check it out later) or by
 * its reference (check-in only).
 */
export async function handleFor(
  app: FastifyInstance,
  db: Db,
  cookie: string,
  bookingId: string,
  via: 'scan' | 'reference' = 'reference',
): Promise<string> {
  const { reference, token } = await ticketCodes(db, bookingId);
  const found = await findAs(app, cookie, via === 'scan' ? { by: 'ticket', token } : { by: 'reference', reference });
  if (found.length !== 1) throw new Error(`expected one ticket for ${bookingId}, found ${found.length}`);
  return found[0]!.handle;
}
