import { and, eq, sql } from 'drizzle-orm';
import type { PartyInvitationView, PartyInvitationsResponse } from '../../../shared/contracts/party-booking';
import { addDays, todayInLondon } from '../../../shared/dates';
import { catalogueOf } from '../../catalogue/catalogue-store';
import type { Db } from '../../db/client';
import { partyBookings, partyInvitations } from '../../db/schema';
import { AppError } from '../../http/errors';
import { enqueueMail } from '../../mail/enqueue-mail';
import { hashToken, newToken } from '../../security/tokens';
import { lockParty } from '../party-view';
import { invitationMail } from './guest-mails';
import { firstNameOnly, partyFactsOf } from './party-facts';

/** Invitation links stop working this many days after the party; the retention job deletes them then. */
export const INVITATION_LINK_DAYS = 7;

/** A guest's link: the token is the path's last part (a page the guest opens, not an API a server logs). */
export const invitationLinkFor = (publicUrl: string, token: string): string => `${publicUrl}/party-invite/${token}`;

/** Whether an invitation to a party on `partyDate` still opens at `now` (London days). */
export const invitationOpen = (partyDate: string, now: Date): boolean =>
  todayInLondon(now) < addDays(partyDate, INVITATION_LINK_DAYS);

/**
 * E-mails invitations for a party the caller may manage (partyForViewer has checked). Only a confirmed
 * party that has not happened yet; at most one invitation per child booked, counted under the party's row
 * lock so two requests at once cannot pass the cap together. An address already invited is sent a fresh
 * link (its old one stops working, its reply stays) and does not count again. All or nothing: over the
 * cap, nothing is sent.
 */
export async function sendInvitations(opts: {
  db: Db;
  partyId: string;
  emails: string[];
  publicUrl: string;
  now: Date;
}): Promise<PartyInvitationsResponse> {
  const { db, now } = opts;
  const catalogue = await catalogueOf(db);
  const wanted = [...new Map(opts.emails.map((e) => [e.trim().toLowerCase(), e.trim()])).entries()];
  return db.transaction(async (tx) => {
    const party = await lockParty(tx, opts.partyId);
    if (party.status !== 'confirmed' || todayInLondon(now) > party.partyDate)
      throw new AppError(
        'party_invitations_closed',
        party.status === 'confirmed'
          ? 'This party has already happened, so invitations can no longer be sent.'
          : 'Invitations can be sent once the party is confirmed.',
      );
    const existing = await tx
      .select({ id: partyInvitations.id, email: sql<string>`lower(${partyInvitations.guestEmail})` })
      .from(partyInvitations)
      .where(eq(partyInvitations.partyId, party.id));
    const invitedBy = new Map(existing.map((i) => [i.email, i.id]));
    const fresh = wanted.filter(([key]) => !invitedBy.has(key));
    const left = Math.max(0, party.children - existing.length);
    if (fresh.length > left)
      throw new AppError(
        'party_invitations_over',
        `You can invite up to ${party.children} guests, one for each child booked. ${left === 0 ? 'Every invitation has been sent.' : `You have ${left} invitation${left === 1 ? '' : 's'} left.`}`,
        { fields: { emails: [`Please give at most ${left} new address${left === 1 ? '' : 'es'}`] } },
      );
    const facts = partyFactsOf(catalogue, party);
    for (const [key, email] of wanted) {
      const token = newToken();
      const id = invitedBy.get(key);
      if (id)
        await tx
          .update(partyInvitations)
          .set({ tokenHash: hashToken(token), sentAt: now })
          .where(eq(partyInvitations.id, id));
      else
        await tx
          .insert(partyInvitations)
          .values({ partyId: party.id, tokenHash: hashToken(token), guestEmail: email, sentAt: now });
      await enqueueMail(
        tx,
        invitationMail({
          to: email,
          hostChildFirstName: party.childFirstName,
          partyDate: party.partyDate,
          facts,
          link: invitationLinkFor(opts.publicUrl, token),
        }),
      );
    }
    return { sent: wanted.length, remaining: left - fresh.length };
  });
}

const notFound = () =>
  new AppError(
    'party_invitation_not_found',
    'Sorry, this invitation link does not work. It may be mistyped, or the party was more than a week ago.',
  );

/** The invitation and its party by the link's token; an unknown link, a cancelled party and one long past look alike. */
async function invitationByToken(db: Db, token: string, now: Date) {
  const [found] = await db
    .select({ invitation: partyInvitations, party: partyBookings })
    .from(partyInvitations)
    .innerJoin(partyBookings, eq(partyBookings.id, partyInvitations.partyId))
    .where(eq(partyInvitations.tokenHash, hashToken(token)));
  if (!found || !invitationOpen(found.party.partyDate, now)) throw notFound();
  if (found.party.status !== 'confirmed')
    throw new AppError(
      'party_invitation_not_found',
      'Sorry, this party has been cancelled, so the invitation no longer works.',
    );
  return found;
}

/** GET /api/party-invitations/{token}: the party as a guest sees it, with this guest's own reply only. */
export async function invitationView(db: Db, token: string, now: Date): Promise<PartyInvitationView> {
  const { invitation, party } = await invitationByToken(db, token, now);
  const facts = partyFactsOf(await catalogueOf(db), party);
  return {
    hostChildFirstName: firstNameOnly(party.childFirstName),
    date: party.partyDate,
    slotLabel: facts.slotLabel,
    venueName: facts.venueName,
    venueAddress: facts.venueAddress,
    rsvp: invitation.rsvp,
    guestChildFirstName: invitation.guestChildFirstName,
  };
}

/** POST /api/party-invitations/{token}/rsvp: records (or changes) the reply, until the party day ends. */
export async function recordRsvp(
  db: Db,
  token: string,
  input: { rsvp: 'coming' | 'not_coming'; guestChildFirstName: string; allergies: string },
  now: Date,
): Promise<PartyInvitationView> {
  const { invitation, party } = await invitationByToken(db, token, now);
  if (todayInLondon(now) > party.partyDate)
    throw new AppError('party_rsvp_closed', 'The party has already happened, so replies are closed.');
  await db
    .update(partyInvitations)
    .set({
      rsvp: input.rsvp,
      guestChildFirstName: input.guestChildFirstName,
      allergies: input.allergies,
      respondedAt: now,
    })
    .where(and(eq(partyInvitations.id, invitation.id), eq(partyInvitations.tokenHash, invitation.tokenHash)));
  return invitationView(db, token, now);
}
