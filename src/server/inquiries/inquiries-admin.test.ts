import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BirthdayInquiriesResponse, InquiriesResponse } from '../../shared/contracts/admin-inquiries';
import { inquiries } from '../db/schema';
import { auditRows, signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { insertInquiry, insertPartyInquiry, partyDetails } from './testing/inquiry-fixtures';

// Wednesday 1 July 2026, 12:30 in London (BST).
const START = new Date('2026-07-01T11:30:00Z');
const HOUR = 3_600_000;

describe.each(testDbKinds)('admin inquiry lists and marks (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = START;
  let req: ReturnType<typeof staffRequest>;
  let username: string;
  const ids = {} as Record<'fresh' | 'old' | 'answered' | 'party', string>;

  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    const staff = await signInAs(t.app, t.ctx, { role: 'staff' });
    username = staff.username;
    req = staffRequest(t.app, staff.cookie);
    ids.old = await insertInquiry(t.ctx.db, {
      name: 'Old Enquirer',
      createdAt: new Date(START.getTime() - 3 * 24 * HOUR - HOUR),
    });
    ids.answered = await insertInquiry(t.ctx.db, {
      name: 'Answered Already',
      inquiryType: 'feedback',
      responded: true,
      respondedAt: START,
      createdAt: new Date(START.getTime() - HOUR),
    });
    ids.fresh = await insertInquiry(t.ctx.db, {
      name: 'Fresh Enquirer',
      inquiryType: 'group',
      createdAt: new Date(START.getTime() - 2 * HOUR),
    });
    ids.party = await insertPartyInquiry(t.ctx.db, partyDetails(), { createdAt: new Date(START.getTime() - 5 * HOUR) });
  });
  afterAll(() => t?.close());

  it('lists contact enquiries only, waiting ones first and newest first, with the venue-time stamps', async () => {
    const res = await req('GET', '/api/admin/inquiries');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = (res.json() as InquiriesResponse).inquiries;
    expect(list.map((i) => i.id)).toEqual([ids.fresh, ids.old, ids.answered]);
    const fresh = list[0]!;
    // Sent 09:30 UTC = 10:30 BST.
    expect(fresh).toMatchObject({
      name: 'Fresh Enquirer',
      inquiryType: 'group',
      responded: false,
      respondedAt: null,
      isRecent: true,
      daysSince: 0,
      formattedDate: '1 Jul 2026',
      formattedTime: '10:30',
    });
    expect(list[1]).toMatchObject({ isRecent: false, daysSince: 3 });
    expect(list[2]).toMatchObject({ responded: true, respondedAt: START.toISOString() });
  });

  it('measures "recent" and "days since" from the server clock', async () => {
    // A staff session lasts 12 hours: the next day's shift signs in again.
    clock = new Date(START.getTime() + 23 * HOUR);
    try {
      const nextShift = staffRequest(t.app, (await signInAs(t.app, t.ctx)).cookie);
      const fresh = (await nextShift('GET', '/api/admin/inquiries')).json().inquiries[0];
      expect(fresh).toMatchObject({ id: ids.fresh, isRecent: false, daysSince: 1 });
    } finally {
      clock = START;
    }
    const fresh = (await req('GET', '/api/admin/inquiries')).json().inquiries[0];
    expect(fresh).toMatchObject({ isRecent: true, daysSince: 0 });
  });

  it('lists party enquiries with their details', async () => {
    const list = ((await req('GET', '/api/admin/birthday-inquiries')).json() as BirthdayInquiriesResponse).inquiries;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: ids.party,
      inquiryType: 'party_booking',
      partyBookedAt: null,
      isRecent: true,
      details: partyDetails(),
    });
  });

  it('marks an enquiry responded once: a repeat changes nothing and writes no second audit entry', async () => {
    const first = await req('POST', `/api/admin/inquiries/${ids.fresh}/mark-responded`, {});
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      id: ids.fresh,
      responded: true,
      respondedAt: START.toISOString(),
      alreadyResponded: false,
    });
    clock = new Date(START.getTime() + HOUR);
    const again = await req('POST', `/api/admin/inquiries/${ids.fresh}/mark-responded`);
    clock = START;
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ respondedAt: START.toISOString(), alreadyResponded: true });
    const audit = await auditRows(t.ctx.db, ids.fresh);
    expect(audit).toEqual([
      { actor: username, action: 'inquiry_marked_responded', subject_id: ids.fresh, details: { source: 'contact' } },
    ]);
    const listed = (await req('GET', '/api/admin/inquiries'))
      .json()
      .inquiries.find((i: { id: string }) => i.id === ids.fresh);
    expect(listed).toMatchObject({ responded: true });
  });

  it('answers 404 JSON for an unknown id and 400 for a malformed one, writing nothing', async () => {
    const before = (await auditRows(t.ctx.db)).length;
    for (const verb of ['mark-responded', 'mark-party-booked', 'draft-response']) {
      const unknown = await req('POST', `/api/admin/inquiries/00000000-0000-4000-8000-000000000000/${verb}`, {});
      expect(unknown.statusCode, verb).toBe(404);
      expect(unknown.json().error.code).toBe('not_found');
      const bad = await req('POST', `/api/admin/inquiries/not-a-uuid/${verb}`, {});
      expect(bad.statusCode, verb).toBe(400);
      expect(bad.json().error.code).toBe('invalid_input');
    }
    expect((await auditRows(t.ctx.db)).length).toBe(before);
  });

  it('marks a party booked once (and answered), refusing a contact enquiry', async () => {
    const contact = await req('POST', `/api/admin/inquiries/${ids.old}/mark-party-booked`, {});
    expect(contact.statusCode).toBe(409);
    expect(contact.json().error.code).toBe('not_a_party');
    const first = await req('POST', `/api/admin/inquiries/${ids.party}/mark-party-booked`, {});
    expect(first.json()).toMatchObject({ success: true, partyBookedAt: START.toISOString(), alreadyBooked: false });
    clock = new Date(START.getTime() + HOUR);
    const again = await req('POST', `/api/admin/inquiries/${ids.party}/mark-party-booked`, {});
    clock = START;
    expect(again.json()).toMatchObject({ partyBookedAt: START.toISOString(), alreadyBooked: true });
    const [row] = await t.ctx.db.select().from(inquiries).where(eq(inquiries.id, ids.party));
    expect(row).toMatchObject({ responded: true, partyBookedAt: START });
    expect((await auditRows(t.ctx.db, ids.party)).map((a) => a.action)).toEqual(['party_marked_booked']);
    expect((await auditRows(t.ctx.db, ids.old)).map((a) => a.action)).toEqual([]);
  });
});
