import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DraftResponseResult } from '../../shared/contracts/admin-inquiries';
import { auditLog, sessionRestrictions } from '../db/schema';
import { signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { insertInquiry, insertPartyInquiry, partyDetails } from './testing/inquiry-fixtures';

// Wednesday 1 July 2026, 09:00 in London (BST).
const NOW = new Date('2026-07-01T08:00:00Z');
const PARTY_DATE = '2026-07-15'; // a Wednesday, two weeks ahead

describe.each(testDbKinds)('drafting replies from the booking calendar (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let req: ReturnType<typeof staffRequest>;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => NOW });
    req = staffRequest(t.app, (await signInAs(t.app, t.ctx)).cookie);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.ctx.db.delete(sessionRestrictions);
  });

  const draft = async (id: string) => {
    const res = await req('POST', `/api/admin/inquiries/${id}/draft-response`, {});
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as DraftResponseResult;
    expect(body).toMatchObject({ success: true, calendarIntegrated: true });
    return body.draftedResponse;
  };
  const block = (date: string, sessionId: string | null) =>
    t.ctx.db.insert(sessionRestrictions).values({ date, sessionId, reason: 'Private hire', createdBy: 'test' });

  it('drafts a reply to a contact enquiry with the coming open days, and changes nothing', async () => {
    const id = await insertInquiry(t.ctx.db, {
      name: 'Sam Smith',
      inquiryType: 'group',
      message: 'Can we bring 20 children on a Tuesday?',
    });
    await block('2026-07-02', null);
    const d = await draft(id);
    expect(d.subject).toBe('Re: your group bookings - Play Time Barn');
    expect(d.body).toMatch(/^Hello Sam,/);
    expect(d.body).toContain('> Can we bring 20 children on a Tuesday?');
    expect(d.body).toContain('£9.50');
    expect(d.availability).toBe('partial');
    expect(d.alternativeDates).toEqual(['2026-07-01', '2026-07-03', '2026-07-04']);
    expect(d.availableSlots).toEqual([
      { start: '09:30', end: '11:30' },
      { start: '12:00', end: '14:00' },
      { start: '14:00', end: '16:00' },
    ]);
    expect(d.body).toContain('Wednesday 1 July, Friday 3 July and Saturday 4 July');
    expect(await t.ctx.db.select().from(auditLog)).toEqual([]);
  });

  it('thanks feedback without offering sessions', async () => {
    const d = await draft(await insertInquiry(t.ctx.db, { inquiryType: 'feedback', message: 'Lovely staff!' }));
    expect(d.subject).toBe('Re: your feedback - Play Time Barn');
    expect(d.body).toContain('Thank you for taking the time to send us your feedback');
    expect(d.body).not.toContain('book online');
  });

  it('offers the requested party slot on a free day, with the package and an estimated price', async () => {
    const d = await draft(await insertPartyInquiry(t.ctx.db, partyDetails({ partyDate: PARTY_DATE })));
    expect(d.availability).toBe('available');
    expect(d.alternativeDates).toEqual([]);
    expect(d.availableSlots).toHaveLength(6);
    expect(d.subject).toBe("Your party enquiry for Mia's 6th birthday on Wednesday 15 July - Play Time Barn");
    expect(d.body).toContain('Hello Priya,');
    expect(d.body).toContain('Good news: Wednesday 15 July 2026, 12:00 PM - 2:30 PM is free in our calendar');
    expect(d.body).toContain('Silver (£16.00 per child, 2.5 hours, 1 adult free)');
    expect(d.body).toContain('Estimated price: £192.00 for 12 children');
    expect(d.body).toContain('One child is vegetarian');
  });

  it('offers the other times of the day when only the requested session is blocked', async () => {
    await block(PARTY_DATE, 'midday');
    const d = await draft(await insertPartyInquiry(t.ctx.db, partyDetails({ partyDate: PARTY_DATE })));
    expect(d.availability).toBe('partial');
    expect(d.availableSlots).toEqual([
      { start: '09:30', end: '11:30' },
      { start: '14:00', end: '16:00' },
      { start: '16:30', end: '18:30' },
    ]);
    expect(d.alternativeDates).toEqual(['2026-07-13', '2026-07-14', '2026-07-16']);
    expect(d.body).toContain('Unfortunately Wednesday 15 July 2026, 12:00 PM - 2:30 PM is not available');
  });

  it('on a fully blocked day says so and offers the three nearest dates with the slot free', async () => {
    await block(PARTY_DATE, null);
    await block('2026-07-16', 'midday');
    const d = await draft(
      await insertPartyInquiry(
        t.ctx.db,
        partyDetails({
          partyDate: PARTY_DATE,
          packageType: 'private-hire',
          partyTime: '4:30 PM - 6:30 PM (after hours)',
        }),
      ),
    );
    expect(d.availability).toBe('unavailable');
    expect(d.availableSlots).toEqual([]);
    // The after-hours slot is only taken by a whole-day block: the 16th still has it.
    expect(d.alternativeDates).toEqual(['2026-07-13', '2026-07-14', '2026-07-16']);
    expect(d.body).toContain('Unfortunately we are fully booked on Wednesday 15 July 2026.');
    expect(d.body).toContain('Estimated price: £199');
  });

  it('skips blocked days when it looks for alternatives for a daytime slot', async () => {
    await block(PARTY_DATE, null);
    await block('2026-07-14', 'midday');
    await block('2026-07-16', null);
    const d = await draft(await insertPartyInquiry(t.ctx.db, partyDetails({ partyDate: PARTY_DATE })));
    // 14th: midday blocked; 16th: closed. Nearest first (the 13th and 17th), then the earlier of the 12th and 18th.
    expect(d.alternativeDates).toEqual(['2026-07-12', '2026-07-13', '2026-07-17']);
  });

  it('says so when the date asked for has passed, offering dates from today', async () => {
    const d = await draft(await insertPartyInquiry(t.ctx.db, partyDetails({ partyDate: '2026-06-01' })));
    expect(d.availability).toBe('unavailable');
    expect(d.alternativeDates).toEqual(['2026-07-01', '2026-07-02', '2026-07-03']);
    expect(d.body).toContain('The date in your enquiry has already passed.');
  });
});
