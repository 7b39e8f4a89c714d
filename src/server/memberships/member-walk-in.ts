import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { bandOn, ticketSellsFor } from '../../shared/catalogue';
import { ticketTypeForAge, ageOn } from '../../shared/child-tickets';
import type { MemberOffer, MemberWalkInInput } from '../../shared/contracts/member-walk-in';
import { isWeekend, todayInLondon } from '../../shared/dates';
import { coverEndsOn, FREE_ADULTS_PER_VISIT, type MembershipPlanDocument } from '../../shared/memberships';
import { createBooking } from '../bookings/create-booking';
import { isStillBookable } from '../bookings/visit-time';
import { getAvailability } from '../calendar/availability';
import { catalogueOf, publicCatalogue } from '../catalogue/catalogue-store';
import { checkInBooking } from '../checkin/check-in-booking';
import { withAgreements } from '../checkin/find-tickets';
import { findBookingVisits } from '../checkin/kiosk-tickets';
import type { KioskAccess } from '../checkin/kiosk-view';
import { rowsOf, type Db } from '../db/client';
import { AppError } from '../http/errors';
import type { PaymentDeps } from '../payments/payment-deps';
import { getAppSecret } from '../security/app-secret';
import type { KioskTicket } from '../../shared/contracts/checkin';
import { cardWorks, membershipIdOfCard } from './member-card';
import { coverMembers, visitsOn } from './member-cover';
import { memberNumberText } from './membership-rows';

const cardNotFound = () =>
  new AppError('ticket_not_found', 'We could not find that membership card. Please ask at the desk.');
const notCovered = (message: string) => new AppError('not_covered', `${message} Please ask at the desk.`);

type Membership = {
  id: string;
  email: string;
  status: string;
  plan: MembershipPlanDocument;
  member_number: number;
  period: 'monthly' | 'annual';
  cancel_at_period_end: boolean;
  current_period_end: Date | string | null;
  period_from: string | null;
};

/** What a member card offers now, with what the booking needs (ids stay on the server). */
export type WalkInPlan = {
  membership: Membership;
  today: string;
  children: { id: string; firstName: string; ticketTypeId: string }[];
  session: { id: string; label: string; remaining: number };
  freeAdults: number;
  /** The catalogue's grown-up ticket sold for that session (the first by its order), if any: free grown-ups take it. */
  adultTicketTypeId: string | null;
};

/** Room in the session for `children` more (the booking takes the places under its own lock). */
export function requireRoom(plan: WalkInPlan, children: number): void {
  const { label, remaining } = plan.session;
  if (remaining >= children) return;
  throw new AppError(
    'capacity_exhausted',
    remaining === 0
      ? `Sorry, the ${label} session is full. Please ask at the desk about later sessions.`
      : `Sorry, the ${label} session has room for only ${remaining} more ${remaining === 1 ? 'child' : 'children'}. Please choose who is playing, or ask at the desk.`,
  );
}

/**
 * Whether a member card lets its covered children in now without a booking (issue 40), and where: the session
 * happening now, or the next one still open for booking today, when it is not closed and has room for them.
 * Each refusal says why in plain words (a 409 `not_covered`, or the booking's own codes for a closed or full
 * session); nothing is written. The booking re-checks all of it under the membership's lock.
 */
export async function planMemberWalkIn(db: Db, membershipId: string, now: Date): Promise<WalkInPlan> {
  const [m] = rowsOf<Membership>(
    await db.execute(sql`
      select m.id::text, m.email, m.status, m.plan, m.member_number, m.period, m.cancel_at_period_end,
        m.current_period_end,
        to_char((m.current_period_start at time zone 'Europe/London')::date, 'YYYY-MM-DD') as period_from
      from memberships m where m.id = ${membershipId}::uuid`),
  );
  if (!m || m.status === 'pending') throw cardNotFound();
  if (m.status === 'paused') throw notCovered('This membership is paused.');
  if (!cardWorks(m.status)) throw notCovered('This membership has ended.');
  const today = todayInLondon(now);
  // The days bookings cover (shared/memberships.ts): a renewing monthly one also on trust of its next payment.
  const coverEnds = coverEndsOn({
    status: m.status,
    period: m.period,
    cancelAtPeriodEnd: m.cancel_at_period_end,
    currentPeriodEnd: m.current_period_end,
  });
  if (!m.period_from || !coverEnds || today < m.period_from || today >= coverEnds)
    throw notCovered('Your membership is not paid for today.');
  const plan = m.plan;
  const all = await catalogueOf(db);
  const band = bandOn(all, today);
  if (plan.bandIds.length > 0 && !plan.bandIds.includes(band.id)) {
    const names = plan.bandIds.map((id) => all.dayTypes.value.bands.find((b) => b.id === id)?.name ?? id);
    throw notCovered(`Your ${plan.name} covers ${names.join(' and ')} days; today is a ${band.name} day.`);
  }

  const covered = rowsOf<{ id: string; first_name: string; date_of_birth: string }>(
    await db.execute(sql`
      select c.id::text, c.first_name, to_char(c.date_of_birth, 'YYYY-MM-DD') as date_of_birth
      from membership_children mc join family_children c on c.id = mc.child_id
      where mc.membership_id = ${m.id}::uuid order by c.first_name, c.id`),
  );
  // Today's ticket types, in the catalogue's order: which is a child's of which ages is the catalogue's, never an id.
  const clock = await publicCatalogue(db, now);
  const ticketed = covered.flatMap((c) => {
    const type = ticketTypeForAge(ageOn(c.date_of_birth, today), clock.ticketTypes);
    return type && plan.ticketTypeIds.includes(type) ? [{ id: c.id, firstName: c.first_name, ticketTypeId: type }] : [];
  });
  if (ticketed.length === 0) throw notCovered('This membership covers no child who can play today.');
  const visits = await visitsOn(db, m.id, today);
  const children = ticketed.filter((c) => (visits.get(c.id) ?? 0) < plan.visitsPerDay);
  if (children.length === 0) throw notCovered("Today's membership visit has already been used.");

  const next = [...clock.sessions]
    .sort((a, b) => a.sort - b.sort)
    .find((s) => isStillBookable(today, s.id, now, clock));
  if (!next)
    throw new AppError('session_closed', 'Booking for today has closed. Please ask at the desk.', {
      fields: { card: ['Booking for today has closed'] },
    });
  const [day] = await getAvailability(db, { from: today, to: today }, now);
  const session = day?.sessions.find((s) => s.id === next.id);
  if (!session || session.blocked)
    throw new AppError('session_unavailable', `The ${next.label} session is closed today. Please ask at the desk.`);
  const adultTicketTypeId =
    clock.ticketTypes.find((t) => !t.isChild && ticketSellsFor(t, { weekend: isWeekend(today), sessionId: next.id }))
      ?.id ?? null;
  return {
    membership: m,
    today,
    children,
    session: { id: next.id, label: next.label, remaining: session.remaining },
    freeAdults: plan.adultsFree && adultTicketTypeId ? FREE_ADULTS_PER_VISIT : 0,
    adultTicketTypeId,
  };
}

/** The offer as the kiosk may show it: first names, the session, the free grown-ups (DECISIONS.md "Kiosk privacy"). */
export const offerOf = (p: WalkInPlan): MemberOffer => ({
  children: p.children.map((c) => ({ firstName: c.firstName })),
  session: p.session.label,
  freeAdults: p.freeAdults,
});

/** The membership a scanned card names, or the same 404 for a forged card, a ticket or a typed member number. */
export async function membershipOfCard(db: Db, card: string): Promise<string> {
  const id = await membershipIdOfCard(db, card.trim());
  if (!id) throw cardNotFound();
  return id;
}

/**
 * The booking id a walk-in request makes: derived from the membership and the kiosk's request id with the app's
 * secret, so a retried request (a double tap, a lost answer) names the booking the first one made, and the
 * kiosk, which never sees a database id, cannot name another booking with it.
 */
export function walkInBookingId(secret: string, membershipId: string, requestId: string): string {
  const b = createHmac('sha256', secret).update(`member-walk-in|${membershipId}|${requestId.toLowerCase()}`).digest();
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Input = Omit<MemberWalkInInput, 'adults'> & { adults: number };

/**
 * POST /api/check-in/member-walk-in: the offer accepted. A real booking through the bookings domain's own path
 * (capacity under its lock, the membership's cover priced inside its transaction, `memberOnly`: £0 or refused),
 * confirmed, then checked in with check-in's own code (audited). The same request again answers the same visit.
 */
export async function memberWalkIn(
  opts: PaymentDeps & {
    input: Input;
    access: KioskAccess;
    actor: string;
  },
): Promise<{ ticket: KioskTicket; created: boolean }> {
  const { db, input, access } = opts;
  const now = access.now;
  const membershipId = await membershipOfCard(db, input.card);
  const bookingId = walkInBookingId(await getAppSecret(db), membershipId, input.requestId);
  const answer = async (created: boolean) => {
    try {
      await checkInBooking({ db, bookingId, numberPlate: input.numberPlate ?? null, actor: opts.actor, now });
    } catch (err) {
      // One of a double tap's two requests checked it in already: either answers the same visit (the one
      // that made the booking can lose this race too, when the retry found the booking and checked in first).
      if (!(err instanceof AppError && err.code === 'already_checked_in')) throw err;
    }
    const rows = await findBookingVisits(db, sql`b.id = ${bookingId}::uuid`, 1);
    const [ticket] = await withAgreements(db, rows, access, 'scan');
    return { ticket: ticket!, created };
  };
  if (await bookingExists(db, bookingId)) return answer(false);

  const plan = await planMemberWalkIn(db, membershipId, now);
  const chosen = input.children ? [...new Set(input.children)].map((i) => plan.children[i]) : plan.children;
  if (chosen.some((c) => c === undefined))
    throw new AppError('invalid_input', 'Please choose who is playing.', { fields: { children: ['Unknown child'] } });
  const children = chosen as WalkInPlan['children'];
  requireRoom(plan, children.length);
  if (input.adults > plan.freeAdults)
    throw new AppError(
      'invalid_input',
      plan.freeAdults === 0
        ? "Grown-ups' tickets are paid at the desk."
        : `Up to ${plan.freeAdults} grown-ups come in free with this membership; more grown-ups pay at the desk.`,
      { fields: { adults: [`At most ${plan.freeAdults}`] } },
    );
  const quantities: Record<string, number> = {};
  for (const c of children) quantities[c.ticketTypeId] = (quantities[c.ticketTypeId] ?? 0) + 1;
  if (input.adults > 0) quantities[plan.adultTicketTypeId!] = input.adults;
  const family = await familyContact(db, plan.membership);
  try {
    await createBooking({
      ...opts,
      input: {
        customerName: family.name,
        customerEmail: plan.membership.email,
        customerPhone: family.phone,
        selectedDate: plan.today,
        selectedTime: plan.session.id,
        specialRequests: '',
        ticketQuantities: quantities,
        totalAmount: 0,
        loyaltyOptIn: false,
        agreeToTerms: true,
        childIds: children.map((c) => c.id),
      },
      // The card proved the family: its children are named as on a booking made from its own session.
      creditsAllowed: true,
      now,
      coverMembers,
      memberOnly: { bookingId },
    });
  } catch (err) {
    // A double tap: the first request made the booking while this one waited for the membership's lock.
    if (await bookingExists(db, bookingId)) return answer(false);
    throw err;
  }
  return answer(true);
}

async function bookingExists(db: Db, id: string): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from bookings where id = ${id}::uuid`));
  return rows.length > 0;
}

/** The booking's name and phone: the family profile's first adult, or the member number when it names none. */
async function familyContact(db: Db, m: Membership): Promise<{ name: string; phone: string }> {
  const [row] = rowsOf<{ adults: { name?: string; phone?: string }[] | null }>(
    await db.execute(sql`select adults from family_profiles where email = ${m.email}`),
  );
  const adult = (row?.adults ?? []).find((a) => a.name && a.name.trim().length >= 2);
  return {
    name: adult?.name?.trim() ?? `Member ${memberNumberText(m.member_number)}`,
    phone: adult?.phone?.trim() ?? '',
  };
}
