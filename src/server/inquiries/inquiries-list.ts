import { asc, desc, eq } from 'drizzle-orm';
import type { InquiryDto, PartyDetails, PartyInquiryDto } from '../../shared/contracts/admin-inquiries';
import { VENUE_TIME_ZONE } from '../../shared/venue';
import type { Db } from '../db/client';
import { inquiries } from '../db/schema';

const LIST_LIMIT = 200;
const DAY_MS = 86_400_000;

const dateFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: VENUE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const timeFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: VENUE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

type Row = typeof inquiries.$inferSelect;

/** The fields both lists share; "recent" and "days since" are measured from `now` (the server's clock). */
export function toInquiryDto(r: Row, now: Date): InquiryDto {
  const ageMs = Math.max(0, now.getTime() - r.createdAt.getTime());
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    inquiryType: r.inquiryType,
    message: r.message,
    responded: r.responded,
    respondedAt: r.respondedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    isRecent: ageMs < DAY_MS,
    daysSince: Math.floor(ageMs / DAY_MS),
    formattedDate: dateFmt.format(r.createdAt),
    formattedTime: timeFmt.format(r.createdAt),
  };
}

/** Keeps only the party fields the details column is meant to hold, as strings. */
export function partyDetailsOf(details: Record<string, unknown> | null): PartyDetails {
  const keys = [
    'childName',
    'childAge',
    'partyDate',
    'partyTime',
    'numberOfChildren',
    'packageType',
    'specialRequests',
    'dietaryRequirements',
  ] as const;
  const out: PartyDetails = {};
  for (const k of keys) {
    const v = details?.[k];
    if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  }
  return out;
}

/** Contact (source 'contact') or party (source 'party') enquiries: waiting ones first, then newest first. */
async function listBySource(db: Db, source: 'contact' | 'party') {
  return db
    .select()
    .from(inquiries)
    .where(eq(inquiries.source, source))
    .orderBy(asc(inquiries.responded), desc(inquiries.createdAt))
    .limit(LIST_LIMIT);
}

export async function listContactInquiries(opts: { db: Db; now: Date }): Promise<InquiryDto[]> {
  return (await listBySource(opts.db, 'contact')).map((r) => toInquiryDto(r, opts.now));
}

export async function listPartyInquiries(opts: { db: Db; now: Date }): Promise<PartyInquiryDto[]> {
  return (await listBySource(opts.db, 'party')).map((r) => ({
    ...toInquiryDto(r, opts.now),
    details: partyDetailsOf(r.details),
    partyBookedAt: r.partyBookedAt?.toISOString() ?? null,
  }));
}
