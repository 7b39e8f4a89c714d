import { sql } from 'drizzle-orm';
import { OFFER_CUTOFF_MINUTES, type StaffWaitingEntry } from '../../shared/contracts/waiting-list';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { rowsOf, type Db } from '../db/client';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';
import { offerEntry } from './offer-entry';
import { labelOf, sessionLabels } from './waiting-list-rows';
import { waitingListSettings } from '../catalogue/waiting-list-settings';

/**
 * GET /api/admin/waiting-list?date=: every entry of the date, live ones first in queue order, then those
 * that ended (booked, expired, left) until the entries are deleted after the date.
 */
export async function staffWaitingList(db: Db, date: string): Promise<{ date: string; entries: StaffWaitingEntry[] }> {
  const labels = await sessionLabels(db);
  const rows = rowsOf<{
    id: string;
    sessionId: string | null;
    email: string;
    places: number;
    status: StaffWaitingEntry['status'];
    offerExpiresAt: Date | string | null;
    offeredBy: string | null;
    createdAt: Date | string;
    position: number;
  }>(
    await db.execute(sql`
      select id, session_id as "sessionId", email, places, status, offer_expires_at as "offerExpiresAt",
        offered_by as "offeredBy", created_at as "createdAt",
        (row_number() over (partition by coalesce(session_id, ''), status in ('waiting', 'offered')
          order by created_at, id))::int as position
      from waiting_list_entries where visit_date = ${date}::date
      order by session_id nulls first, (status in ('waiting', 'offered')) desc, created_at, id`),
  );
  return {
    date,
    entries: rows.map((r) => ({
      ...r,
      sessionLabel: labelOf(labels, r.sessionId),
      offerExpiresAt: r.offerExpiresAt === null ? null : new Date(r.offerExpiresAt).toISOString(),
      createdAt: new Date(r.createdAt).toISOString(),
    })),
  };
}

/**
 * POST /api/admin/waiting-list/{id}/offer: staff offer a waiting entry its places now, if they fit and the
 * visit does not start too soon (the offer pass's rule: offer-expiry.ts). Audited.
 */
export async function staffOfferPlace(
  db: Db,
  opts: { id: string; actor: string; now: Date; publicUrl: string },
): Promise<void> {
  const catalogue = await publicCatalogue(db, opts.now);
  const { offerHours } = await waitingListSettings(db);
  const outcome = await offerEntry(db, {
    entryId: opts.id,
    now: opts.now,
    offerHours,
    publicUrl: opts.publicUrl,
    catalogue,
    offeredBy: opts.actor,
  });
  if (outcome === 'missing')
    throw new AppError('waiting_list_entry_not_found', 'We could not find that waiting list entry. It may have ended.');
  if (outcome === 'not_waiting')
    throw new AppError('waiting_list_no_room', 'This family is not waiting any more: there is nothing to offer.');
  if (outcome === 'too_late')
    throw new AppError(
      'session_closed',
      `This session starts in less than ${OFFER_CUTOFF_MINUTES} minutes (or has started), too soon for an offer. The places can be sold at the desk.`,
    );
  if (outcome === 'no_room')
    throw new AppError(
      'waiting_list_no_room',
      'There is not room for the places this family wants. Free some places (or raise the capacity) first.',
    );
  await writeAudit(db, {
    actor: opts.actor,
    action: 'waiting_list.offer',
    subjectType: 'waiting_list_entry',
    subjectId: opts.id,
  });
}
