import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partyBookings, partyInvitations } from '../../db/schema';
import { eraseData } from '../../privacy/erase-data';
import { exportData } from '../../privacy/export-data';
import { runRetention } from '../../privacy/retention';
import { testConfig } from '../../testing/test-config';
import { openTestDatabase, testDbKinds } from '../../testing/test-database';
import { holdParty } from '../hold-party';
import { partyRequest } from '../testing/party-fixtures';
import { recordRsvp, sendInvitations } from './invitations';
import { confirmedParty, invitationMailTo } from './testing/guest-fixtures';

// Monday 1 June 2026, 09:00 BST.
const NOW = new Date('2026-06-01T08:00:00Z');
const periods = testConfig();
const noon = (ymd: string) => new Date(`${ymd}T11:00:00Z`);

describe.each(testDbKinds)('party guests’ privacy on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());
  const db = () => database.db;

  async function partyWithGuests(i: number, date: string, slotId: string, guests: string[]) {
    const party = await confirmedParty(db(), i, NOW, { date, slotId, parentName: `Host ${i} Quillfeather` });
    await sendInvitations({ db: db(), partyId: party.id, emails: guests, publicUrl: 'https://barn.example', now: NOW });
    const { token } = await invitationMailTo(db(), guests[0]!);
    await recordRsvp(db(), token, { rsvp: 'coming', guestChildFirstName: 'Gus', allergies: 'Peanuts' }, NOW);
    return party;
  }
  const invitationsOf = (partyId: string) =>
    db().select().from(partyInvitations).where(eq(partyInvitations.partyId, partyId));

  it('deletes a party’s invitations and replies 7 days after it, not before', async () => {
    const early = await partyWithGuests(1, '2026-06-20', 'morning-long', ['g1@example.com', 'g2@example.com']);
    const later = await partyWithGuests(2, '2026-06-27', 'morning-long', ['g3@example.com']);
    expect((await runRetention({ db: db(), now: noon('2026-06-26'), periods })).partyInvitations).toBe(0);
    expect(await invitationsOf(early.id)).toHaveLength(2);
    expect((await runRetention({ db: db(), now: noon('2026-06-27'), periods })).partyInvitations).toBe(2);
    expect(await invitationsOf(early.id)).toEqual([]);
    expect(await invitationsOf(later.id)).toHaveLength(1);
    // The party itself stays (a booking, for the accounts).
    const [row] = await db().select().from(partyBookings).where(eq(partyBookings.id, early.id));
    expect(row!.parentEmail).toBe('family1@example.com');
  });

  it('anonymises an unpaid hold after the holds period and a party after the bookings period, amounts kept', async () => {
    const held = await holdParty(db(), partyRequest(3, { date: '2026-06-13', slotId: 'midday' }), NOW);
    await db().update(partyBookings).set({ status: 'expired' }).where(eq(partyBookings.id, held.id));
    const paid = await confirmedParty(db(), 4, NOW, {
      date: '2026-06-13',
      slotId: 'afternoon-long',
      childFirstName: 'Zed',
    });
    const holdsDue = new Date(NOW.getTime() + (periods.RETAIN_HOLDS_DAYS + 1) * 86_400_000);
    expect((await runRetention({ db: db(), now: holdsDue, periods })).parties).toBe(1);
    const rows = async () =>
      Object.fromEntries(
        (
          await db()
            .select()
            .from(partyBookings)
            .where(inArray(partyBookings.id, [held.id, paid.id]))
        ).map((r) => [r.id, r]),
      );
    expect((await rows())[held.id]).toMatchObject({
      parentName: 'Erased',
      parentEmail: `erased+${held.id}@invalid`,
      parentPhone: '',
      childFirstName: 'Erased',
      totalPence: held.totalPence,
    });
    expect((await rows())[paid.id]!.parentEmail).toBe('family4@example.com');
    const booksClosed = new Date(NOW);
    booksClosed.setUTCMonth(booksClosed.getUTCMonth() + periods.RETAIN_BOOKINGS_MONTHS + 1);
    const result = await runRetention({ db: db(), now: booksClosed, periods });
    expect(result.parties).toBeGreaterThanOrEqual(1);
    expect((await rows())[paid.id]).toMatchObject({
      parentName: 'Erased',
      childFirstName: 'Erased',
      totalPence: paid.totalPence,
    });
    // Done once: the next run finds nothing.
    expect((await runRetention({ db: db(), now: booksClosed, periods })).parties).toBe(0);
  });

  it('exports a family’s parties and whom it invited, and a guest’s own invitation with its reply', async () => {
    const party = await partyWithGuests(5, '2026-06-14', 'morning-long', ['guest5@example.com', 'other5@example.com']);
    const host = await exportData({ db: db(), email: 'FAMILY5@example.com', actor: 'admin', now: NOW });
    expect(host.tables.party_bookings!.map((r) => r.id)).toEqual([party.id]);
    const sent = host.tables.party_invitations_sent!;
    expect(sent.map((r) => r.guest_email).sort()).toEqual(['guest5@example.com', 'other5@example.com']);
    // The guests' children and allergies are theirs, not the host's.
    expect(JSON.stringify(sent)).not.toMatch(/Gus|Peanuts|token/);
    expect(host.tables.party_invitations).toEqual([]);

    const guest = await exportData({ db: db(), email: 'guest5@example.com', actor: 'admin', now: NOW });
    expect(guest.tables.party_invitations).toHaveLength(1);
    expect(guest.tables.party_invitations![0]).toMatchObject({
      rsvp: 'coming',
      guest_child_first_name: 'Gus',
      allergies: 'Peanuts',
    });
    expect(guest.tables.party_invitations![0]).not.toHaveProperty('token_hash');
    expect(guest.tables.party_bookings).toEqual([]);
  });

  it('erases a family’s parties (their guests’ invitations go) and a guest’s details (the reply count stays)', async () => {
    const party = await partyWithGuests(6, '2026-06-14', 'midday', ['guest6@example.com']);
    const hosted = await partyWithGuests(7, '2026-06-14', 'afternoon-long', ['guest7@example.com']);
    const byHost = await eraseData({ db: db(), email: 'family6@example.com', actor: 'admin', now: NOW });
    expect(byHost).toMatchObject({ parties: 1, partyInvitations: 1 });
    const [row] = await db().select().from(partyBookings).where(eq(partyBookings.id, party.id));
    expect(row).toMatchObject({
      parentName: 'Erased',
      parentPhone: '',
      childFirstName: 'Erased',
      totalPence: party.totalPence,
    });
    expect(row!.parentEmail).toMatch(/^erased\+.+@invalid$/);
    expect(await invitationsOf(party.id)).toEqual([]);

    const byGuest = await eraseData({ db: db(), email: 'Guest7@example.com', actor: 'admin', now: NOW });
    expect(byGuest).toMatchObject({ parties: 0, partyInvitations: 1 });
    const [invitation] = await invitationsOf(hosted.id);
    expect(invitation).toMatchObject({ rsvp: 'coming', guestChildFirstName: null, allergies: null });
    expect(invitation!.guestEmail).toMatch(/^erased\+.+@invalid$/);
  });
});
