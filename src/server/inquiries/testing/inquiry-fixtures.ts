import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf, type Db } from '../../db/client';
import { inquiries } from '../../db/schema';

/** Test helpers for the admin inquiry and calendar routes (not used by the app). */

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
  partyTime: '12:00-2:00 PM',
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

export async function auditRows(db: Db, subjectId?: string) {
  return rowsOf<{ actor: string; action: string; subject_id: string; details: Record<string, unknown> }>(
    await db.execute(
      sql`select actor, action, subject_id, details from audit_log where ${subjectId ?? null}::text is null or subject_id = ${subjectId ?? null}::text order by created_at`,
    ),
  );
}

/** A staff request with the session cookie (and a JSON body for POSTs). */
export function staffRequest(app: FastifyInstance, cookie: string | undefined) {
  return (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
}
