import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  denominations,
  type cashMovementSchema,
  type closeTillSessionSchema,
  type openTillSessionSchema,
} from '../../shared/contracts/till';
import type { Db } from '../db/client';
import { pgErrorCode } from '../db/pg-error';
import { tillCashMovements, tillSales, tillSessions } from '../db/schema';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';

export type TillSessionRow = typeof tillSessions.$inferSelect;
export type TillActor = { accountId: string; username: string };

export const sessionNotFound = () => new AppError('not_found', 'There is no such till session.');
export const sessionClosed = () =>
  new AppError('till_session_closed', 'This till session is closed. Open the till again to carry on.');

export type OpenSessionView = {
  id: string;
  till: string;
  openedBy: string;
  /** Who serves on it now: the opener, or whom a switch of user handed it to. */
  operator: string;
  openedAt: string;
  floatPence: number;
};
export const viewOf = (s: TillSessionRow): OpenSessionView => ({
  id: s.id,
  till: s.till,
  openedBy: s.openedBy,
  operator: s.operator,
  openedAt: s.openedAt.toISOString(),
  floatPence: s.floatPence,
});

/** POST /api/till/sessions: a till opened with a float; a till already open is 409 (the partial unique index). */
export async function openTillSession(opts: {
  db: Db;
  input: z.infer<typeof openTillSessionSchema>;
  actor: TillActor;
  now: Date;
}): Promise<OpenSessionView> {
  const { input, actor, now } = opts;
  try {
    return await opts.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tillSessions)
        .values({
          till: input.till,
          openedBy: actor.username,
          openedByAccount: actor.accountId,
          operator: actor.username,
          operatorAccount: actor.accountId,
          openedAt: now,
          floatPence: input.floatPence,
        })
        .returning();
      await writeAudit(tx, {
        actor: actor.username,
        action: 'till.opened',
        subjectType: 'till_session',
        subjectId: row!.id,
        details: { till: input.till, floatPence: input.floatPence },
      });
      return viewOf(row!);
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw new AppError('till_already_open', `The till "${input.till}" is already open. Close it first.`);
    throw err;
  }
}

/** GET /api/till/sessions/open: the open sessions, one till's (`till`) or all. */
export async function openTillSessions(db: Db, till?: string): Promise<OpenSessionView[]> {
  const rows = await db
    .select()
    .from(tillSessions)
    .where(and(isNull(tillSessions.closedAt), till ? eq(tillSessions.till, till) : undefined))
    .orderBy(tillSessions.till);
  return rows.map(viewOf);
}

/** Locks a session that must still be open (and, unless `anyStaff`, operated by this staff member now). */
export async function lockOpenSession(
  tx: Db,
  sessionId: string,
  actor: TillActor,
  opts: { anyStaff?: boolean } = {},
): Promise<TillSessionRow> {
  const [s] = await tx.select().from(tillSessions).where(eq(tillSessions.id, sessionId)).for('update');
  if (!s) throw sessionNotFound();
  if (s.closedAt) throw sessionClosed();
  if (!opts.anyStaff && s.operatorAccount !== actor.accountId)
    throw new AppError('not_your_till', `This till is open for ${s.operator}. Sign in as them, or open your own till.`);
  return s;
}

/**
 * Quick switching hands the device's open till to the staff member switched to: they sell on it from now, and
 * the one switched from no longer can (who opened it stays, for the Z report). Only the till's current
 * operator's device may hand it over; a closed or unknown session is left alone (there is nothing to sell on).
 * Runs in the switch's transaction, so a refused handover switches nobody. Answers whether it was handed over.
 */
export async function handOverTillSession(tx: Db, sessionId: string, from: TillActor, to: TillActor): Promise<boolean> {
  const [s] = await tx.select().from(tillSessions).where(eq(tillSessions.id, sessionId)).for('update');
  if (!s || s.closedAt) return false;
  if (s.operatorAccount !== from.accountId)
    throw new AppError('not_your_till', `This till is open for ${s.operator}: only they can hand it over.`);
  if (s.operatorAccount === to.accountId) return false;
  await tx
    .update(tillSessions)
    .set({ operator: to.username, operatorAccount: to.accountId })
    .where(eq(tillSessions.id, sessionId));
  await writeAudit(tx, {
    actor: to.username,
    action: 'till.handed_over',
    subjectType: 'till_session',
    subjectId: sessionId,
    details: { till: s.till, from: from.username, to: to.username },
  });
  return true;
}

/** POST /api/till/sessions/:id/cash: cash put in or taken out, with a reason (audited). */
export async function moveCash(opts: {
  db: Db;
  sessionId: string;
  input: z.infer<typeof cashMovementSchema>;
  actor: TillActor;
  now: Date;
}): Promise<void> {
  const { input, actor } = opts;
  await opts.db.transaction(async (tx) => {
    await lockOpenSession(tx, opts.sessionId, actor);
    const [row] = await tx
      .insert(tillCashMovements)
      .values({ sessionId: opts.sessionId, ...input, actor: actor.username, createdAt: opts.now })
      .returning({ id: tillCashMovements.id });
    await writeAudit(tx, {
      actor: actor.username,
      action: `till.cash_${input.direction}`,
      subjectType: 'till_session',
      subjectId: opts.sessionId,
      details: { movementId: row!.id, amountPence: input.amountPence, reason: input.reason },
    });
  });
}

/** The drawer's count by denomination, in pence. */
export function countedPence(counted: Partial<Record<string, number>>): number {
  return denominations.reduce((sum, d) => sum + d * (counted[String(d)] ?? 0), 0);
}

/**
 * POST /api/till/sessions/:id/close: the drawer counted; the session never changes afterwards. The opener
 * or an admin closes it (a manager cashing up for someone who went home).
 */
export async function closeTillSession(opts: {
  db: Db;
  sessionId: string;
  input: z.infer<typeof closeTillSessionSchema>;
  actor: TillActor & { admin: boolean };
  now: Date;
}): Promise<void> {
  const { input, actor, now } = opts;
  await opts.db.transaction(async (tx) => {
    await lockOpenSession(tx, opts.sessionId, actor, { anyStaff: actor.admin });
    // A card still on the reader would change the report after it is final: it is finished or cancelled first.
    const [waiting] = await tx
      .select({ number: tillSales.number })
      .from(tillSales)
      .where(and(eq(tillSales.sessionId, opts.sessionId), eq(tillSales.status, 'awaiting_card')))
      .limit(1);
    if (waiting)
      throw new AppError(
        'till_sale_waiting',
        `Sale ${waiting.number} is still waiting for its card. Finish or cancel it before closing the till.`,
      );
    const pence = countedPence(input.counted);
    const counted = Object.fromEntries(Object.entries(input.counted).filter(([, n]) => n !== undefined && n > 0));
    await tx
      .update(tillSessions)
      .set({
        closedAt: now,
        closedBy: actor.username,
        counted: counted as Record<string, number>,
        countedPence: pence,
        note: input.note,
      })
      .where(eq(tillSessions.id, opts.sessionId));
    await writeAudit(tx, {
      actor: actor.username,
      action: 'till.closed',
      subjectType: 'till_session',
      subjectId: opts.sessionId,
      details: { countedPence: pence, counted, note: input.note },
    });
  });
}
