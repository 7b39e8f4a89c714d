import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partyBookings } from '../../db/schema';
import { AppError } from '../../http/errors';
import { writeAudit } from '../../staff/audit';
import { lockParty } from '../party-view';

/**
 * Staff's notes on a party sheet. The editor sends the version it was shown; a party changed since
 * (notes, a move, a payment) writes nothing and answers 409 with the notes as they are now. Audited with
 * the notes before and after, in the same transaction, as the catalogue editors do.
 */
export async function savePartyNotes(
  db: Db,
  opts: { id: string; staffNotes: string; version: number; actor: string; now: Date },
): Promise<{ staffNotes: string; version: number }> {
  return db.transaction(async (tx) => {
    const row = await lockParty(tx, opts.id);
    if (row.version !== opts.version)
      throw new AppError(
        'stale_version',
        'Someone else changed this party while you were editing. Here is what it says now.',
        {
          current: { staffNotes: row.staffNotes, version: row.version },
        },
      );
    const version = row.version + 1;
    await tx
      .update(partyBookings)
      .set({ staffNotes: opts.staffNotes, updatedAt: opts.now, version })
      .where(eq(partyBookings.id, row.id));
    await writeAudit(tx, {
      actor: opts.actor,
      action: 'party_notes_changed',
      subjectType: 'party',
      subjectId: row.id,
      details: { before: row.staffNotes, after: opts.staffNotes },
    });
    return { staffNotes: opts.staffNotes, version };
  });
}
