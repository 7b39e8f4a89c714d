import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { partyPaymentResponseSchema, type PartyPaymentResponse } from '../../../shared/contracts/party-booking';
import type { Db } from '../../db/client';
import { giftVoucherLedger, partyBookings, payments } from '../../db/schema';

/** The family's online form, filled in: Silver (with food) for 12 children on a date and slot of the test's own. */
export function onlinePartyForm(i: number, over: Record<string, unknown> = {}) {
  return {
    date: '2026-06-20',
    slotId: 'midday',
    packageId: 'silver',
    children: 12,
    childFirstName: 'Maisie',
    childAge: 6,
    foodChoices: Array.from({ length: 12 }, () => 'cheese-pizza'),
    parentName: `Parent ${i}`,
    parentEmail: `gvparty${i}@example.com`,
    parentPhone: '07700 900123',
    agreeToTerms: true,
    ...over,
  };
}

/** POST /api/parties: the hold and its deposit payment (201 expected). */
export async function bookOnline(app: FastifyInstance, body: unknown, ip?: string): Promise<PartyPaymentResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/parties',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    ...(ip ? { remoteAddress: ip } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return partyPaymentResponseSchema.parse(res.json());
}

/** POST /api/parties/{id}/balance as the family (its manage token), with a gift voucher code or none. */
export const payDue = (app: FastifyInstance, partyId: string, o: { token?: string; voucherCode?: string }) =>
  app.inject({
    method: 'POST',
    url: `/api/parties/${partyId}/balance`,
    headers: { 'content-type': 'application/json', ...(o.token ? { 'x-party-token': o.token } : {}) },
    payload: JSON.stringify(o.voucherCode === undefined ? {} : { voucherCode: o.voucherCode }),
  });

export const partyRow = async (db: Db, id: string) =>
  (await db.select().from(partyBookings).where(eq(partyBookings.id, id)))[0]!;

export const partyPayments = (db: Db, id: string) => db.select().from(payments).where(eq(payments.partyBookingId, id));

/** The party's gift voucher ledger entries: [kind, pence] in the order written. */
export const partyLedger = async (db: Db, id: string) =>
  (await db.select().from(giftVoucherLedger).where(eq(giftVoucherLedger.partyBookingId, id)))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((l) => [l.kind, l.amountPence]);
