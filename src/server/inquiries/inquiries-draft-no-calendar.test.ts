import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftResponseResult } from '../../shared/contracts/admin-inquiries';
import { sessionTimes } from '../db/schema';
import { signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { insertInquiry, insertPartyInquiry, partyDetails } from './testing/inquiry-fixtures';

const NOW = new Date('2026-07-01T08:00:00Z');

/**
 * SPEC.md section 8, "Response Drafted (with calendar, or noting the calendar is not configured)": a
 * venue with no sessions set up has no booking calendar, so the draft is written without a check,
 * says so, and promises nothing about dates.
 */
describe.each(testDbKinds)('drafting replies with no booking calendar configured (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let req: ReturnType<typeof staffRequest>;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => NOW });
    req = staffRequest(t.app, (await signInAs(t.app, t.ctx)).cookie);
    await t.ctx.db.delete(sessionTimes);
  });
  afterAll(() => t?.close());

  const draft = async (id: string) => {
    const res = await req('POST', `/api/admin/inquiries/${id}/draft-response`, {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DraftResponseResult;
  };

  it('drafts a party reply that promises to check the date, and says the calendar is not configured', async () => {
    const id = await insertPartyInquiry(t.ctx.db, partyDetails({ partyDate: '2026-07-15' }));
    const body = await draft(id);
    expect(body).toMatchObject({
      success: true,
      calendarIntegrated: false,
      message:
        'Drafted without a calendar check: the booking calendar is not configured (no sessions are set up). Nothing has been sent.',
    });
    expect(body.draftedResponse).toMatchObject({ availability: null, availableSlots: [], alternativeDates: [] });
    expect(body.draftedResponse.body).toContain('We will check Wednesday 15 July 2026');
    expect(body.draftedResponse.body).not.toMatch(/fully booked|is free in our calendar|not available/);
  });

  it('drafts a contact reply that points to the booking page instead of listing free days', async () => {
    const body = await draft(await insertInquiry(t.ctx.db, { inquiryType: 'general', message: 'When are you open?' }));
    expect(body.calendarIntegrated).toBe(false);
    expect(body.draftedResponse.availability).toBeNull();
    expect(body.draftedResponse.body).toContain('You can see which sessions are free and book online at');
    expect(body.draftedResponse.body).not.toMatch(/fully booked|We have sessions free on/);
  });
});
