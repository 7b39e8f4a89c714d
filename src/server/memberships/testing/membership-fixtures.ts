import jsQR from 'jsqr';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requestAs } from '../../catalogue/testing/admin-fixtures';
import { postJson } from '../../bookings/testing/booking-fixtures';
import type { Db } from '../../db/client';
import { memberships, outbox, payments } from '../../db/schema';
import { familyCookieFor } from '../../families/testing/family-fixtures';

/** A family signed in at `now`, with a profile of these children: its request function and its children's ids. */
export async function familyWithChildren(app: FastifyInstance, db: Db, email: string, names: string[], now: Date) {
  const family = requestAs(app, await familyCookieFor(db, email, now));
  const saved = await family('PUT', '/api/family/profile', {
    version: 0,
    adults: [{ name: `${names[0]}'s parent`, phone: '07700 900456' }],
    children: names.map((firstName, i) => ({ firstName, dateOfBirth: `2019-0${i + 1}-15` })),
    birthdayReminders: false,
  });
  if (saved.statusCode !== 200) throw new Error(`profile refused: ${saved.body}`);
  const childIds = (saved.json() as { children: { id: string }[] }).children.map((c) => c.id);
  return { family, childIds };
}

/** The TEST MODE card form, as the page posts it. */
export const payByTestCard = (app: FastifyInstance, clientSecret: string, cardNumber = '4242424242424242') =>
  postJson(app, '/api/test-payments/confirm', { clientSecret, cardNumber, expiry: '12/34', cvc: '123' });

export async function membershipRow(db: Db, id: string) {
  const [row] = await db.select().from(memberships).where(eq(memberships.id, id));
  return row!;
}

export const membershipPayments = (db: Db, id: string) =>
  db.select().from(payments).where(eq(payments.membershipId, id)).orderBy(payments.membershipPeriod);

/** The mails to `email` of one template, by dedupe key (which names the membership, period and try). */
export async function mailsTo(db: Db, email: string, template: string) {
  const rows = await db.select().from(outbox).where(eq(outbox.toAddress, email));
  return rows
    .filter((r) => r.template === template)
    .map((r) => ({ key: r.dedupeKey ?? '', text: r.text }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** The text of a QR code in a PNG, read as a kiosk's scanner reads it. */
export async function qrTextOfPng(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)!.data;
}
