import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CreateBookingInput } from '../../shared/contracts/booking';
import type { Db } from '../db/client';
import { checkIns } from '../db/schema';
import { bookingPayload, payWith, postJson } from '../bookings/testing/booking-fixtures';

/** Books through the real API (prices, holds, payment row) and, unless `pay` is false, pays with 4242. */
export async function book(
  app: FastifyInstance,
  overrides: Partial<CreateBookingInput> = {},
  opts: { pay?: boolean | 'declined' } = {},
) {
  const res = await postJson(app, '/api/create-booking-payment', bookingPayload(overrides));
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as { clientSecret: string; bookingId: string; finalAmount: number };
  const pay = opts.pay ?? true;
  if (pay) {
    const paid = await payWith(
      app,
      created.clientSecret,
      pay === 'declined' ? '4000 0000 0000 0002' : '4242 4242 4242 4242',
    );
    expect(paid.json().status).toBe(pay === 'declined' ? 'failed' : 'succeeded');
  }
  return created;
}

/** Buys a 10-credit bundle through the real API and pays for it. */
export async function buyCredits(
  app: FastifyInstance,
  customer: { customerName: string; customerEmail: string; customerPhone?: string },
) {
  const res = await postJson(app, '/api/session-credits/purchase', { customerPhone: '07700 900777', ...customer });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json() as { clientSecret: string; purchaseId: string; amount: number };
  expect((await payWith(app, created.clientSecret)).json().status).toBe('succeeded');
  return created;
}

/** A kiosk arrival, written directly (the kiosk's own verb lives in src/server/checkin). */
export async function insertCheckIn(
  db: Db,
  v: {
    bookingId?: string;
    walkInName?: string;
    visitDate: string;
    checkedInAt: Date;
    checkedOutAt?: Date;
    children?: number;
    adults?: number;
  },
): Promise<string> {
  const [row] = await db
    .insert(checkIns)
    .values({
      bookingId: v.bookingId ?? null,
      walkInName: v.walkInName ?? null,
      visitDate: v.visitDate,
      children: v.children ?? 1,
      adults: v.adults ?? 1,
      parkingAgreed: true,
      checkedInAt: v.checkedInAt,
      checkedOutAt: v.checkedOutAt ?? null,
      checkedInBy: 'kiosk:Front desk',
      checkedOutBy: v.checkedOutAt ? 'kiosk:Front desk' : null,
    })
    .returning({ id: checkIns.id });
  return row!.id;
}

export const authed = (cookie: string) => ({ headers: { cookie } });
