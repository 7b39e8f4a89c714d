import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicUrlOf } from '../config';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { useClockedTestApp } from '../testing/clocked-test-app';
import { signInAs, staffRequest } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { settleWaitingListNudge } from './offer-job';
import { runOfferPass } from './offer-pass';
import {
  entryOf,
  entryRows,
  familyCall,
  offerEndedMails,
  offerMail,
  offerMailCount,
  setRoom,
} from './testing/waiting-list-fixtures';

// Wednesday 22 October 2025 (British Summer Time: London is UTC+1), 08:00 in London. The seeded sessions
// start at 09:30, 12:00 and 14:00; last entry is 15:00.
const DAY = '2025-10-22';
const START = new Date('2025-10-22T07:00:00Z');
const at = (londonTime: string) => new Date(`${DAY}T${londonTime}:00+01:00`);
const SESSIONS = ['morning', 'midday', 'afternoon'];

describe.each(testDbKinds)('waiting list offers and the session clock (%s)', (kind) => {
  const t = useClockedTestApp(kind, START);
  const db = () => t.ctx.db;
  const as = async (email: string) => familyCall(t.app, await familyCookieFor(db(), email, t.clock));
  const pass = async () => {
    await settleWaitingListNudge(t.ctx);
    return runOfferPass({ db: db(), now: t.clock, publicUrl: publicUrlOf(t.ctx) });
  };
  const clear = () => db().execute(sql`delete from waiting_list_entries`);
  const join = async (email: string, session: string | null, places: number) => {
    t.clock = new Date(t.clock.getTime() + 1000);
    return (await as(email))('POST', '/api/waiting-list', { date: DAY, sessionId: session, places });
  };
  const joined = async (email: string, session: string | null, places: number) => {
    const res = await join(email, session, places);
    expect(res.statusCode, res.body).toBe(201);
  };

  it('ends an offer at its session’s start when that comes before the hours an offer is held', async () => {
    await clear();
    await setRoom(db(), DAY, 'midday', 0);
    await setRoom(db(), DAY, 'afternoon', 0);
    await joined('ann@example.com', 'midday', 2);
    await joined('bea@example.com', 'afternoon', 1);
    await joined('cat@example.com', 'midday', 1);

    t.clock = at('11:00');
    await setRoom(db(), DAY, 'midday', 2);
    await setRoom(db(), DAY, 'afternoon', 1);
    expect((await pass()).offered).toBe(2);
    // Midday starts at 12:00, an hour before the 2 hours are up: the offer ends then.
    expect((await entryOf(db(), 'ann@example.com')).offerExpiresAt).toEqual(at('12:00'));
    expect((await offerMail(db(), 'ann@example.com')).text).toContain('We are holding them for you until 12:00.');
    const seen = (await (await as('ann@example.com'))('GET', '/api/family/waiting-list')).json();
    expect(seen.entries[0].offerExpiresAt).toBe(at('12:00').toISOString());
    // Afternoon starts at 14:00: the whole 2 hours.
    expect((await entryOf(db(), 'bea@example.com')).offerExpiresAt).toEqual(at('13:00'));

    // Exactly 15 minutes before the start is still in time: an offer of 15 minutes.
    t.clock = at('11:45');
    await setRoom(db(), DAY, 'midday', 1);
    expect((await pass()).offered).toBe(1);
    expect(await entryOf(db(), 'cat@example.com')).toMatchObject({ status: 'offered', offerExpiresAt: at('12:00') });
  });

  it('tells a family whose offer ran to the session’s start that it has started, with no link to it', async () => {
    await clear();
    await setRoom(db(), DAY, 'midday', 0);
    await joined('ida@example.com', 'midday', 2);
    t.clock = at('11:00');
    await setRoom(db(), DAY, 'midday', 2);
    expect((await pass()).offered).toBe(1);
    expect((await entryOf(db(), 'ida@example.com')).offerExpiresAt).toEqual(at('12:00'));

    t.clock = at('12:00');
    expect(await pass()).toMatchObject({ expired: 1, offered: 0 });
    const [mail, ...more] = await offerEndedMails(db(), 'ida@example.com');
    expect(more).toEqual([]);
    expect(mail!.text).toContain(
      'The session has now started, so we could not hold them any longer, and you are no longer on the waiting list for it.',
    );
    expect(mail!.text).not.toContain('passed');
    expect(mail!.text).not.toContain('session=midday');
    expect(mail!.text).toContain(
      `visit another day, you can see what is free and book here:\n${publicUrlOf(t.ctx)}/booking\n`,
    );
    expect(mail!.html).toContain(`href="${publicUrlOf(t.ctx)}/booking"`);
  });

  it('caps a weekday all-day offer at last entry', async () => {
    await clear();
    for (const s of SESSIONS) await setRoom(db(), DAY, s, 0);
    await joined('dan@example.com', null, 1);
    t.clock = at('14:30');
    for (const s of SESSIONS) await setRoom(db(), DAY, s, 1);
    expect((await pass()).offered).toBe(1);
    expect((await entryOf(db(), 'dan@example.com')).offerExpiresAt).toEqual(at('15:00'));
  });

  it('makes no offer from 15 minutes before the session starts: the entry waits and goes with its date', async () => {
    await clear();
    await setRoom(db(), DAY, 'midday', 0);
    await joined('eve@example.com', 'midday', 1);
    const mailsBefore = await offerMailCount(db());
    await setRoom(db(), DAY, 'midday', 1);

    // A second too late, the start itself, and during the session.
    for (const when of [new Date(at('11:45').getTime() + 1000), at('12:00'), at('12:30')]) {
      t.clock = when;
      expect(await pass(), when.toISOString()).toMatchObject({ offered: 0 });
      expect((await entryOf(db(), 'eve@example.com')).status).toBe('waiting');
    }
    // Nor by hand: staff are told why, and nothing changes.
    const staff = staffRequest(t.app, (await signInAs(t.app, t.ctx, { role: 'staff' })).cookie);
    const eve = await entryOf(db(), 'eve@example.com');
    const byHand = await staff('POST', `/api/admin/waiting-list/${eve.id}/offer`);
    expect(byHand.statusCode, byHand.body).toBe(400);
    expect(byHand.json().error.code).toBe('session_closed');
    expect(await entryOf(db(), 'eve@example.com')).toMatchObject({ status: 'waiting', placesHeld: false });
    expect(await offerMailCount(db())).toBe(mailsBefore);
    // Joining now would be waiting in vain, so it is refused (the session still sells until last entry).
    await setRoom(db(), DAY, 'midday', 0);
    const late = await join('fay@example.com', 'midday', 1);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({ code: 'session_closed', message: expect.stringContaining('too soon') });

    t.clock = new Date('2025-10-22T23:30:00Z'); // 00:30 the next day
    expect((await pass()).deleted).toBe(1);
    expect(await entryRows(db())).toEqual([]);
  });

  it('tells the family once, in plain words and escaped HTML, when an offer runs out unused', async () => {
    await clear();
    await db().execute(sql`update session_times set label = 'Tea & <cakes>' where id = 'afternoon'`);
    try {
      await setRoom(db(), DAY, 'afternoon', 0);
      await joined('gus@example.com', 'afternoon', 1);
      await joined('hal@example.com', 'afternoon', 1);
      t.clock = at('10:00');
      await setRoom(db(), DAY, 'afternoon', 1);
      await pass();
      expect((await entryOf(db(), 'gus@example.com')).status).toBe('offered');
      expect(await offerEndedMails(db(), 'gus@example.com')).toEqual([]);

      t.clock = at('12:00');
      expect(await pass()).toMatchObject({ expired: 1, offered: 1 });
      expect((await entryOf(db(), 'gus@example.com')).status).toBe('expired');
      expect((await entryOf(db(), 'hal@example.com')).status).toBe('offered');
      const [mail, ...more] = await offerEndedMails(db(), 'gus@example.com');
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Your waiting list offer has ended - Play Time Barn');
      expect(mail!.text).toContain(
        'We were holding 1 place for you (Tea & <cakes> on Wednesday 22 October 2025) until 12:00, but it was not booked in time.',
      );
      expect(mail!.text).toContain('you are no longer on the waiting list for that session.');
      expect(mail!.text).toContain(`/booking?date=${DAY}&session=afternoon`);
      expect(mail!.html).toContain('Tea &amp; &lt;cakes&gt;');
      expect(mail!.html).not.toContain('<cakes>');
      // What the mail says is so: the family's list no longer has the entry.
      expect((await (await as('gus@example.com'))('GET', '/api/family/waiting-list')).json().entries).toEqual([]);

      // Another pass, and a family leaving its offer, send no more of these mails.
      expect((await pass()).expired).toBe(0);
      const hal = await entryOf(db(), 'hal@example.com');
      expect((await (await as('hal@example.com'))('DELETE', `/api/family/waiting-list/${hal.id}`)).statusCode).toBe(
        200,
      );
      await pass();
      expect(await offerEndedMails(db(), 'gus@example.com')).toHaveLength(1);
      expect(await offerEndedMails(db(), 'hal@example.com')).toEqual([]);
    } finally {
      await db().execute(sql`update session_times set label = '2:00 PM - 4:00 PM' where id = 'afternoon'`);
    }
  });
});
