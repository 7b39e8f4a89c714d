import type { z } from 'zod';
import { inquiryTypeLabels, type contactSchema } from '../../shared/contracts/contact';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { inquiries } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { acknowledgementText, mayAcknowledge } from './acknowledgement';

/**
 * Stores a contact enquiry and queues the staff notice (the full text) and the visitor's acknowledgement
 * (none of their text; at most 3 a day per address), atomically.
 */
export async function createContactInquiry(opts: {
  db: Db;
  input: z.infer<typeof contactSchema>;
  staffEmail: string;
  now?: Date;
}) {
  const { db, input, staffEmail } = opts;
  const now = opts.now ?? new Date();
  const { venue } = await publicCatalogue(db, now);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inquiries)
      .values({
        source: 'contact',
        name: input.name,
        email: input.email,
        phone: input.phone,
        inquiryType: input.inquiryType,
        message: input.message,
      })
      .returning({ id: inquiries.id });
    const id = row!.id;
    const label = inquiryTypeLabels[input.inquiryType];
    if (await mayAcknowledge(tx, input.email, now))
      await enqueueMail(tx, {
        template: 'contact-acknowledgement',
        to: input.email,
        subject: `We've got your message - ${venue.name}`,
        text: acknowledgementText(venue),
        dedupeKey: `contact-ack:${id}`,
      });
    await enqueueMail(tx, {
      template: 'contact-staff-notice',
      to: staffEmail,
      subject: `New enquiry: ${label} from ${input.name}`,
      text: `Name: ${input.name}\nE-mail: ${input.email}\nPhone: ${input.phone || '-'}\nType: ${label}\n\n${input.message}`,
      dedupeKey: `contact-staff:${id}`,
    });
    return { id };
  });
}
