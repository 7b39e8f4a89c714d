import { eq } from 'drizzle-orm';
import type { DraftResponseResult } from '../../shared/contracts/admin-inquiries';
import { isoDateSchema } from '../../shared/contracts/booking';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { inquiries } from '../db/schema';
import { checkComingWeek, checkPartyDate } from './inquiries-calendar-check';
import { contactDraft } from './inquiries-draft-text';
import { partyDetailsOf, toInquiryDto } from './inquiries-list';
import { inquiryNotFound } from './inquiries-mark-responded';
import { partyDraft } from './party-draft-text';
import { findPartySlot } from './party-slots';

/**
 * Drafts a reply to an enquiry from what it says and from our own booking calendar (restrictions
 * and capacity, the same query the booking page reads). Nothing is sent or changed: staff read,
 * edit and copy the draft into their e-mail.
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

  if (row.source === 'party') {
    const details = partyDetailsOf(row.details);
    const requested = isoDateSchema.safeParse(details.partyDate).success ? details.partyDate! : null;
    const datePassed = requested !== null && requested < todayInLondon(now);
    const date = datePassed ? null : requested;
    const slot = findPartySlot(details.partyTime);
    const check = await checkPartyDate(db, { date, slot, now });
    const text = partyDraft({ ...inq, details }, { date, datePassed, slot }, check);
    return result(text, check, 'the requested party date');
  }
  const check = await checkComingWeek(db, now);
  return result(contactDraft(inq, check, opts.publicUrl), check, 'the coming days');
}

function result(
  text: { subject: string; body: string },
  check: Awaited<ReturnType<typeof checkComingWeek>>,
  what: string,
): DraftResponseResult {
  return {
    success: true,
    draftedResponse: { ...text, ...check },
    calendarIntegrated: true,
    message: `Drafted with our booking calendar checked for ${what}. Nothing has been sent.`,
  };
}
