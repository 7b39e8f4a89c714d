import type { z } from 'zod';
import { inquiryTypeLabels, type contactSchema } from '../../shared/contracts/contact';
import { venue } from '../../shared/venue';
import type { Db } from '../db/client';
import { inquiries } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';

/** Stores a contact enquiry and queues the visitor's acknowledgement and the staff notice, atomically. */
export async function createContactInquiry(opts: { db: Db; input: z.infer<typeof contactSchema>; staffEmail: string }) {
  const { db, input, staffEmail } = opts;
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
    await enqueueMail(tx, {
      to: input.email,
      subject: `We've got your message - ${venue.name}`,
      text: `Hello ${input.name},\n\nThank you for getting in touch (${label}). We'll get back to you soon.\n\nYour message:\n${input.message}\n\n${venue.name}\n${venue.phone}`,
      dedupeKey: `contact-ack:${id}`,
    });
    await enqueueMail(tx, {
      to: staffEmail,
      subject: `New enquiry: ${label} from ${input.name}`,
      text: `Name: ${input.name}\nE-mail: ${input.email}\nPhone: ${input.phone || '-'}\nType: ${label}\n\n${input.message}`,
      dedupeKey: `contact-staff:${id}`,
    });
    return { id };
  });
}
