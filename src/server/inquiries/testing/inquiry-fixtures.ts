import type { Db } from '../../db/client';
import { inquiries } from '../../db/schema';

/** Enquiries as the public forms store them, for the staff inquiry tests (not used by the app). */

export async function insertInquiry(db: Db, values: Partial<typeof inquiries.$inferInsert> = {}): Promise<string> {
  const [row] = await db
    .insert(inquiries)
    .values({
      source: 'contact',
      name: 'Jo Bloggs',
      email: 'jo@example.com',
      phone: '07700 900123',
      inquiryType: 'general',
      message: 'Are you open on bank holidays?',
      ...values,
    })
    .returning({ id: inquiries.id });
  return row!.id;
}

export const partyDetails = (overrides: Record<string, string> = {}) => ({
  childName: 'Mia',
  childAge: '6',
  partyDate: '2026-07-15',
  partyTime: '12:00 PM - 2:30 PM',
  numberOfChildren: '12',
  packageType: 'silver',
  specialRequests: 'A unicorn theme please',
  dietaryRequirements: 'One child is vegetarian',
  ...overrides,
});

export async function insertPartyInquiry(
  db: Db,
  details: Record<string, string>,
  values: Partial<typeof inquiries.$inferInsert> = {},
): Promise<string> {
  return insertInquiry(db, {
    source: 'party',
    inquiryType: 'party_booking',
    name: 'Priya Patel',
    email: 'priya@example.com',
    message: 'Party enquiry',
    details,
    ...values,
  });
}
