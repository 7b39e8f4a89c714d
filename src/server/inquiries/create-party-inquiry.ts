import { partyDateProblem, type PartyInquiry } from '../../shared/contracts/party';
import { todayInLondon } from '../../shared/dates';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { inquiries } from '../db/schema';
import { AppError } from '../http/errors';
import { enqueueMail } from '../mail/enqueue-mail';
import { mayAcknowledge } from './acknowledgement';
import { partyAcknowledgementMail, partyStaffMail, partySummary } from './party-mails';

/** What the party form says when the time asked for is not one of the catalogue's party slots. */
export const PARTY_TIME_MESSAGE = 'Please select a preferred time';

/**
 * Stores a birthday party enquiry (the parent as the inquiry's contact, the party in `details`) and
 * queues the parent's acknowledgement and the staff notice (the full enquiry), atomically. The date must lie between
 * the venue's today and 12 months ahead: only the server's clock decides that. The time must be one of the
 * catalogue's party slots as they are now (the schema only bounds its length: the slots are the venue's to edit).
 */
export async function createPartyInquiry(opts: {
  db: Db;
  input: PartyInquiry;
  staffEmail: string;
  now: Date;
}): Promise<{ id: string }> {
  const { db, input, staffEmail, now } = opts;
  const problem = partyDateProblem(input.partyDate, todayInLondon(now));
  if (problem) throw new AppError('invalid_input', problem, { fields: { partyDate: [problem] } });
  const { venue, parties } = await publicCatalogue(db, now);
  if (!parties.slots.includes(input.partyTime))
    throw new AppError('invalid_input', PARTY_TIME_MESSAGE, { fields: { partyTime: [PARTY_TIME_MESSAGE] } });

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inquiries)
      .values({
        source: 'party',
        name: input.parentName,
        email: input.parentEmail,
        phone: input.parentPhone,
        inquiryType: input.inquiryType,
        message: partySummary(input, parties),
        details: {
          childName: input.childName,
          childAge: input.childAge,
          partyDate: input.partyDate,
          partyTime: input.partyTime,
          numberOfChildren: input.numberOfChildren,
          packageType: input.packageType,
          specialRequests: input.specialRequests,
          dietaryRequirements: input.dietaryRequirements,
        },
      })
      .returning({ id: inquiries.id });
    const id = row!.id;
    // The parent's receipt repeats nothing they wrote, and at most 3 a day go to one address.
    if (await mayAcknowledge(tx, input.parentEmail, now))
      await enqueueMail(tx, partyAcknowledgementMail(id, input, venue));
    await enqueueMail(tx, partyStaffMail(id, input, { staffEmail, parties }));
    return { id };
  });
}
