import { eq } from 'drizzle-orm';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { checkIns } from '../db/schema';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';
import { walkInVisit } from './kiosk-tickets';
import type { VisitRow } from './kiosk-view';

type WalkIn = {
  walkInId?: string;
  customerName: string;
  numberOfChildren: number;
  numberOfAdults: number;
  numberPlate: string | null;
};

/**
 * POST /api/check-in/walk-in: a family that paid at reception checks in (docs/decisions/007). The
 * kiosk generates the id when it builds the walk-in ticket, so a retried request (a double tap, a
 * lost answer) finds the row it already wrote instead of recording the family twice.
 */
export async function checkInWalkIn(opts: { db: Db; input: WalkIn; actor: string; now: Date }): Promise<VisitRow> {
  const { input, now } = opts;
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(checkIns)
      .values({
        ...(input.walkInId ? { id: input.walkInId } : {}),
        walkInName: input.customerName,
        visitDate: todayInLondon(now),
        children: input.numberOfChildren,
        adults: input.numberOfAdults,
        numberPlate: input.numberPlate,
        parkingAgreed: true,
        checkedInAt: now,
        checkedInBy: opts.actor,
      })
      .onConflictDoNothing({ target: checkIns.id })
      .returning();
    if (!row) {
      const [earlier] = await tx.select().from(checkIns).where(eq(checkIns.id, input.walkInId!));
      if (earlier?.walkInName === input.customerName) return walkInVisit(earlier);
      throw new AppError(
        'walk_in_conflict',
        'This walk-in was already recorded with other details. Please start again.',
      );
    }
    await writeAudit(tx, {
      actor: opts.actor,
      action: 'walk_in_checked_in',
      subjectType: 'check_in',
      subjectId: row.id,
      details: { children: row.children, adults: row.adults },
    });
    return walkInVisit(row);
  });
}
