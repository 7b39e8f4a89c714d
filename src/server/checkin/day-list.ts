import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DayList, DayListTicket, SyncInput } from '../../shared/contracts/kiosk-offline';
import { addDays, todayInLondon } from '../../shared/dates';
import { rowsOf, type Db } from '../db/client';
import { AppError } from '../http/errors';
import type { KioskCardsOfDay } from './kiosk-cards';

/**
 * The day's list a kiosk device keeps for when the network drops (issue 41, DECISIONS.md "The kiosk
 * offline"). Each ticket is there as a keyed hash of its QR code (HMAC-SHA256 under a key made for this
 * device and this day), its session, party and check-in count, and whether an adult of the booking's
 * family accepted the visit agreement in force for the children it names (issue 39): no name, contact detail, reference or code.
 * The kiosk hashes what it scans with the same key; a copied list names nobody and opens nothing on another
 * day or device. The server signs it (HMAC under a key only the server has) and checks the signature and
 * the device when the queued check-ins come back.
 */

/** Days after today whose tickets are in the list by hash and day only ("this ticket is for Saturday"). */
export const OTHER_DAYS_AHEAD = 7;
/** At most this many of those, so a busy week cannot make the list heavy. */
const OTHER_DAYS_MAX = 1000;

/** The device's short id: its kiosk session's hash, shortened, as kiosk handles use it. */
export const deviceIdOf = (tokenHash: string) => tokenHash.slice(0, 16);

const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** This device's hashing key for `day` (base64url, 43 characters). */
export const hashKeyFor = (secret: string, device: string, day: string) =>
  hmac(secret, `kiosk-day-list-hash|${device}|${day}`).toString('base64url');

/** A ticket code's keyed hash, as the kiosk computes it with WebCrypto: first 16 bytes, base64url. */
export const ticketHash = (hashKey: string, code: string) =>
  hmac(Buffer.from(hashKey, 'base64url'), code).subarray(0, 16).toString('base64url');

const signingKey = (secret: string) => hmac(secret, 'kiosk-day-list-signature');

type Signed = Pick<DayList, 'v' | 'device' | 'day' | 'issuedAt' | 'digest'>;
const signatureOf = (secret: string, l: Signed) =>
  hmac(signingKey(secret), `${l.v}|${l.device}|${l.day}|${l.issuedAt}|${l.digest}`).toString('base64url');

/** Midnight at the venue after `day`: when the kiosk deletes the list. */
export function endOfDay(day: string): Date {
  const next = addDays(day, 1);
  const utcMidnight = Date.parse(`${next}T00:00:00Z`);
  // In British Summer Time the venue's midnight is an hour before UTC's.
  const bst = new Date(utcMidnight - 3_600_000);
  return todayInLondon(bst) === next ? bst : new Date(utcMidnight);
}

type TicketRow = {
  booking_id: string;
  ticket_token: string;
  day: string;
  session_sort: number | null;
  session_id: string | null;
  children: number;
  adults: number;
  checked_in: boolean;
  /** null when no visit agreement is in force. */
  agreed: boolean | null;
};

/** Paid bookings from today to OTHER_DAYS_AHEAD days on, with party and whether each has checked in. */
async function ticketRows(db: Db, today: string): Promise<TicketRow[]> {
  return rowsOf<TicketRow>(
    await db.execute(sql`
      select b.id::text as booking_id, b.ticket_token, to_char(b.visit_date, 'YYYY-MM-DD') as day, b.session_id,
             coalesce(sum(l.quantity) filter (where t.is_child), 0)::int as children,
             coalesce(sum(l.quantity) filter (where not t.is_child), 0)::int as adults,
             exists (select 1 from check_ins c where c.booking_id = b.id) as checked_in,
             case when v.version is null then null
                  else exists (select 1 from agreement_acceptances a
                                where a.email = lower(trim(b.customer_email)) and a.version = v.version)
                   -- and every child the booking names is covered (families/booking-agreement.ts)
                   and not exists (select 1 from booking_children bc
                                    where bc.booking_id = b.id
                                      and not exists (select 1 from agreement_acceptances a
                                                       where a.email = lower(trim(b.customer_email))
                                                         and a.version = v.version and bc.child_id = any(a.child_ids)))
                  end as agreed
        from bookings b
        left join lateral (select max(version) as version from agreement_versions
                            where effective_from <= ${today}) v on true
        left join booking_lines l on l.booking_id = b.id
        left join ticket_types t on t.id = l.ticket_type_id
       where b.status = 'confirmed' and b.visit_date between ${today} and ${addDays(today, OTHER_DAYS_AHEAD)}
       group by b.id, v.version
       order by b.visit_date, b.id
       limit ${20_000}`),
  );
}

/** GET /api/check-in/day-list: today's list for the device whose session hash is `tokenHash`. */
export async function buildDayList(opts: {
  db: Db;
  secret: string;
  tokenHash: string;
  now: Date;
  /** Member cards (composed in app.ts): listed by hash with the hashes of today's tickets each checks in. */
  cardsOfDay?: KioskCardsOfDay;
}): Promise<DayList> {
  const day = todayInLondon(opts.now);
  const device = deviceIdOf(opts.tokenHash);
  const hashKey = hashKeyFor(opts.secret, device, day);
  const sessions = rowsOf<{ id: string; label: string }>(
    await opts.db.execute(sql`select id, label from session_times order by sort, id`),
  );
  const sessionIndex = new Map(sessions.map((s, i) => [s.id, i]));
  const rows = await ticketRows(opts.db, day);
  const tickets: DayListTicket[] = [];
  const otherDays: DayList['otherDays'] = [];
  const todaysHashes = new Map<string, string>();
  for (const r of rows) {
    const hash = ticketHash(hashKey, r.ticket_token);
    if (r.day !== day) {
      if (otherDays.length < OTHER_DAYS_MAX) otherDays.push({ hash, day: r.day });
      continue;
    }
    todaysHashes.set(r.booking_id, hash);
    const children = Number(r.children);
    const adults = Number(r.adults);
    tickets.push({
      hash,
      session: r.session_id === null ? -1 : (sessionIndex.get(r.session_id) ?? -1),
      children,
      adults,
      checkedIn: r.checked_in ? children + adults : 0,
      agreement: r.agreed === null ? null : r.agreed ? 'signed' : 'missing',
    });
  }
  // Sorted by hash: the list's order says nothing about when each booking was made.
  tickets.sort((a, b) => (a.hash < b.hash ? -1 : 1));
  otherDays.sort((a, b) => (a.hash < b.hash ? -1 : 1));
  const cards = (opts.cardsOfDay ? await opts.cardsOfDay(opts.db, day) : [])
    .map((c) => ({
      hash: ticketHash(hashKey, c.code),
      tickets: c.bookingIds.flatMap((id) => todaysHashes.get(id) ?? []).sort(),
    }))
    .filter((c) => c.tickets.length > 0)
    .sort((a, b) => (a.hash < b.hash ? -1 : 1));
  const content = {
    hashKey,
    sessions: sessions.map(({ id, label }) => ({ id, label })),
    tickets,
    otherDays,
    cards,
  };
  const digest = createHash('sha256').update(JSON.stringify(content)).digest('base64url');
  const head = { v: 1 as const, device, day, issuedAt: opts.now.toISOString(), digest };
  return {
    ...head,
    expiresAt: endOfDay(day).toISOString(),
    ...content,
    signature: signatureOf(opts.secret, head),
  };
}

/**
 * The list a sync names, checked: made by this server (its signature), for this device. A list another
 * device was given is a 403; a forged or altered one a 400. Nothing is written before this passes.
 */
export function verifyDayList(secret: string, list: SyncInput['list'], tokenHash: string): void {
  if (list.device !== deviceIdOf(tokenHash))
    throw new AppError('forbidden', 'This day list was made for another kiosk. Please reload the kiosk page.');
  const expected = Buffer.from(signatureOf(secret, list), 'base64url');
  const given = Buffer.from(list.signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError('invalid_signature', 'This day list was not made by the server. Please reload the kiosk page.');
}
