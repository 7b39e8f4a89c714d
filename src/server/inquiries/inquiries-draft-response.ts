import { eq, sql } from 'drizzle-orm';
import type { DraftResponseResult } from '../../shared/contracts/admin-inquiries';
import { isoDateSchema } from '../../shared/contracts/booking';
import { todayInLondon } from '../../shared/dates';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { inquiries, sessionTimes } from '../db/schema';
import { checkComingWeek, checkPartyDate, type CalendarCheck } from './inquiries-calendar-check';
import { contactDraft } from './inquiries-draft-text';
import { partyDetailsOf, toInquiryDto } from './inquiries-list';
import { inquiryNotFound } from './inquiries-mark-responded';
import { partyDraft } from './party-draft-text';
import { findPartySlot, partySlotTimesOf } from './party-slots';

/**
 * Drafts a reply to an enquiry from what it says and from our own booking calendar (restrictions
 * and capacity, the same query the booking page reads). Nothing is sent or changed: staff read,
 * edit and copy the draft into their e-mail. A venue with no sessions set up has no calendar to
 * check (SPEC.md section 8: "noting the calendar is not configured"): the draft then claims no
 * availability and says so, rather than telling the family every day is full.
 */
export async function draftInquiryResponse(opts: {
  db: Db;
  id: string;
  now: Date;
  publicUrl: string;
}): Promise<DraftResponseResult> {
  const { db, id, now } = opts;
  const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id));
  if (!row) throw inquiryNotFound();
  const inq = toInquiryDto(row, now);
  const configured = await calendarConfigured(db);
  const catalogue = await publicCatalogue(db, now);

  if (row.source === 'party') {
    const details = partyDetailsOf(row.details);
    const requested = isoDateSchema.safeParse(details.partyDate).success ? details.partyDate! : null;
    const datePassed = requested !== null && requested < todayInLondon(now);
    const date = datePassed ? null : requested;
    const slots = partySlotTimesOf(catalogue);
    const slot = findPartySlot(slots, details.partyTime);
    const check = configured ? await checkPartyDate(db, { date, slot, now, slots }) : null;
    const text = partyDraft({ ...inq, details }, { date, datePassed, slot }, check, catalogue);
    return result(text, check, 'the requested party date');
  }
  const check = configured ? await checkComingWeek(db, now, catalogue.sessions) : null;
  return result(contactDraft(inq, check, opts.publicUrl, catalogue), check, 'the coming days');
}

/** The booking calendar exists when the venue has at least one session to book. */
async function calendarConfigured(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sessionTimes)
    .limit(1);
  return row !== undefined;
}

function result(
  text: { subject: string; body: string },
  check: CalendarCheck | null,
  what: string,
): DraftResponseResult {
  if (!check)
    return {
      success: true,
      draftedResponse: { ...text, availability: null, availableSlots: [], alternativeDates: [] },
      calendarIntegrated: false,
      message:
        'Drafted without a calendar check: the booking calendar is not configured (no sessions are set up). Nothing has been sent.',
    };
  return {
    success: true,
    draftedResponse: { ...text, ...check },
    calendarIntegrated: true,
    message: `Drafted with our booking calendar checked for ${what}. Nothing has been sent.`,
  };
}
