import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, partyBookings } from '../../db/schema';
import { openTestDatabase, testDbKinds } from '../../testing/test-database';
import { cancelParty } from '../cancel-party';
import { manageLinkFor } from '../party-access';
import { getAppSecret } from '../../security/app-secret';
import { sendPartyBalanceReminders } from './balance-reminders';
import { confirmedParty } from './testing/guest-fixtures';

// Monday 1 June 2026, 09:00 BST: the parties are on Saturday 27 June (14 days before: the 13th; 8: the 19th).
const NOW = new Date('2026-06-01T08:00:00Z');
const PUBLIC_URL = 'https://barn.example';
/** 10:00 BST on a June day: after the reminders' 09:00. */
const june = (day: number, hourUtc = 9) => new Date(Date.UTC(2026, 5, day, hourUtc, 0));

describe.each(testDbKinds)('party balance reminders on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());
  const db = () => database.db;
  const run = (now: Date) => sendPartyBalanceReminders({ db: db(), now, publicUrl: PUBLIC_URL });
  const remindersOf = async (partyId: string) =>
    (await db().select().from(outbox).where(eq(outbox.template, 'party-balance-reminder'))).filter((m) =>
      m.dedupeKey?.endsWith(partyId),
    );

  it('reminds a family with a balance to pay 14 and 8 days before the party, each once, from 09:00', async () => {
    const party = await confirmedParty(db(), 1, NOW, { date: '2026-06-27', slotId: 'morning-long' });
    const paidUp = await confirmedParty(db(), 2, NOW, { date: '2026-06-27', slotId: 'midday' });
    await db().update(partyBookings).set({ paidPence: paidUp.totalPence }).where(eq(partyBookings.id, paidUp.id));
    const cancelled = await confirmedParty(db(), 3, NOW, { date: '2026-06-27', slotId: 'afternoon-long' });
    await cancelParty(db(), { id: cancelled.id, now: NOW, by: { role: 'family' } });

    expect(await run(june(12))).toEqual({ queued: 0 }); // 15 days before
    expect(await run(june(13, 7))).toEqual({ queued: 0 }); // 14 days before, 08:00 BST
    expect(await run(june(13))).toEqual({ queued: 1 });
    expect(await run(june(13, 15))).toEqual({ queued: 0 });
    expect(await run(june(14))).toEqual({ queued: 0 });
    expect(await run(june(18))).toEqual({ queued: 0 }); // 9 days before
    // Two processes at once: one mail between them.
    const both = await Promise.all([run(june(19)), run(june(19))]);
    expect(both[0].queued + both[1].queued).toBe(1);
    expect(await run(june(20))).toEqual({ queued: 0 }); // the due date: already reminded
    expect(await run(june(26))).toEqual({ queued: 0 });

    const mails = await remindersOf(party.id);
    expect(mails.map((m) => m.dedupeKey).sort()).toEqual([
      `party-balance-14:${party.id}`,
      `party-balance-8:${party.id}`,
    ]);
    const link = manageLinkFor(PUBLIC_URL, await getAppSecret(db()), party.id);
    const balance = `£${((party.totalPence - party.depositPence) / 100).toFixed(2)}`;
    for (const m of mails) {
      expect(m.toAddress).toBe('family1@example.com');
      expect(m.text).toContain(balance);
      expect(m.text).toContain('Saturday 20 June 2026');
      expect(m.text).toContain(link);
      expect(m.text).toContain(party.reference);
      expect(m.staffText).not.toContain(link);
    }
    const [row] = await db().select().from(partyBookings).where(eq(partyBookings.id, party.id));
    expect(row!.balanceReminder14At).toEqual(june(13));
    expect(row!.balanceReminder8At).not.toBeNull();
    expect(await remindersOf(paidUp.id)).toEqual([]);
    expect(await remindersOf(cancelled.id)).toEqual([]);
  });

  it('catches up a missed day within each window, and skips a reminder whose day came before the booking', async () => {
    // Booked on 2 June for 28 June (14 days before: the 14th); the job was down on the 14th and 15th.
    const missed = await confirmedParty(db(), 4, june(2), { date: '2026-06-28', slotId: 'morning-long' });
    // Booked on 17 June for 28 June: 11 days ahead, after the 14-day mark.
    const late = await confirmedParty(db(), 5, june(17), { date: '2026-06-28', slotId: 'midday' });
    expect(await run(june(16))).toEqual({ queued: 1 });
    expect((await remindersOf(missed.id)).map((m) => m.dedupeKey)).toEqual([`party-balance-14:${missed.id}`]);
    expect(await run(june(18))).toEqual({ queued: 0 });
    // The 8-day reminder (20 June) missed too: it goes on the due date, 21 June, and not after.
    expect(await run(june(21))).toEqual({ queued: 2 });
    expect((await remindersOf(late.id)).map((m) => m.dedupeKey)).toEqual([`party-balance-8:${late.id}`]);
    const after = await confirmedParty(db(), 6, june(2), { date: '2026-06-29', slotId: 'afternoon-long' });
    expect(await run(june(23))).toEqual({ queued: 0 }); // 6 days before the 29th: past the due date
    expect(await remindersOf(after.id)).toEqual([]);
  });
});
