import type { ReceivedMail } from '../../../src/server/testing/smtp-sink';
import { familyCodeMail } from './family-mail';
import { decodeQrPng } from './qr';

/** The TEST MODE provider's card that pays (support/book-and-pay.ts PAYING_CARD, as the form posts it). */
const PAYING_CARD = '4242424242424242';

export type Member = {
  email: string;
  adult: string;
  /** The family session's cookie (name=value). */
  cookie: string;
  childIds: string[];
  membershipId: string;
  /** The member card's text, read from the QR on GET /api/family/memberships as a kiosk's scanner reads it. */
  card: string;
};

async function call(url: string, method: string, path: string, cookie: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return { json: JSON.parse(text || '{}') as Record<string, unknown>, headers: res.headers };
}

/**
 * A family that proved its address with the mailed code (the real SMTP peer), saved a profile of these children
 * and joined a plan paying with the TEST MODE card, all over the API as the pages call it (memberships.e2e.ts
 * walks the same steps in the browser). Its member card is read from the card's QR image.
 */
export async function joinMembershipByApi(
  url: string,
  received: ReceivedMail[],
  opts: {
    email: string;
    adult: string;
    children: { firstName: string; dateOfBirth: string }[];
    planId: 'annual-family-pass' | 'monthly-play-pass';
  },
): Promise<Member> {
  const before = received.length;
  await call(url, 'POST', '/api/family/code', '', { email: opts.email });
  const { code } = await familyCodeMail(received, opts.email, before);
  const confirmed = await call(url, 'POST', '/api/family/confirm', '', { email: opts.email, code });
  const cookie = (confirmed.headers.get('set-cookie') ?? '').split(';')[0]!;
  const profile = await call(url, 'PUT', '/api/family/profile', cookie, {
    version: 0,
    adults: [{ name: opts.adult, phone: '07700 900789' }],
    children: opts.children,
    birthdayReminders: false,
  });
  const childIds = (profile.json.children as { id: string }[]).map((c) => c.id);
  const joined = await call(url, 'POST', '/api/memberships', cookie, { planId: opts.planId, childIds });
  const { clientSecret, membershipId } = joined.json as { clientSecret: string; membershipId: string };
  const paid = await call(url, 'POST', '/api/test-payments/confirm', '', {
    clientSecret,
    cardNumber: PAYING_CARD,
    expiry: '12/34',
    cvc: '123',
  });
  if (paid.json.status !== 'succeeded') throw new Error(`membership payment: ${JSON.stringify(paid.json)}`);
  const mine = await call(url, 'GET', '/api/family/memberships', cookie);
  const view = (mine.json.memberships as { id: string; cardQr?: string }[]).find((m) => m.id === membershipId);
  if (!view?.cardQr) throw new Error('no member card QR');
  const card = decodeQrPng(Buffer.from(view.cardQr.split(',')[1]!, 'base64')).text;
  if (!card) throw new Error('member card QR unreadable');
  return { email: opts.email, adult: opts.adult, cookie, childIds, membershipId, card };
}

/** Books a session of today for the member's children with the family session: the membership pays (£0). */
export async function bookTodayAsMember(url: string, member: Member, opts: { date: string; sessionId: string }) {
  const booked = await call(url, 'POST', '/api/create-booking-payment', member.cookie, {
    customerName: member.adult,
    customerEmail: member.email,
    customerPhone: '07700 900789',
    selectedDate: opts.date,
    selectedTime: opts.sessionId,
    ticketQuantities: { 'child-1-12': member.childIds.length, adult: 1 },
    totalAmount: 0,
    agreeToTerms: true,
    childIds: member.childIds,
  });
  if (booked.json.finalAmount !== 0) throw new Error(`not covered: ${JSON.stringify(booked.json)}`);
  return booked.json as { bookingId: string };
}
