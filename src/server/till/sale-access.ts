import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tillSales, tillSessions } from '../db/schema';
import { AppError } from '../http/errors';
import { saleNotFound, type TillSaleRow } from './sale-view';
import { sessionNotFound, type TillActor, type TillSessionRow } from './till-sessions';

export type TillCaller = TillActor & { admin: boolean };

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

const notYours = (s: TillSessionRow) =>
  new AppError('not_your_till', `This till is open for ${s.operator}. Sign in as them, or ask an admin.`);

/**
 * A till session's own business (its sales list, a card on its reader, a sale's receipt) is for whoever
 * operates it now (the opener, or whom a quick switch handed it to) and for admins; any other member of staff
 * is 403 not_your_till. The one rule every such route asks, so none can forget it.
 */
export function assertTillOperator(session: TillSessionRow, caller: TillCaller): void {
  if (!caller.admin && session.operatorAccount !== caller.accountId) throw notYours(session);
}

/** A session the caller may read (its operator now, or an admin); 404 unknown. */
export async function sessionOfYourTill(db: Db, sessionId: string, caller: TillCaller): Promise<TillSessionRow> {
  const [session] = await db.select().from(tillSessions).where(eq(tillSessions.id, sessionId));
  if (!session) throw sessionNotFound();
  assertTillOperator(session, caller);
  return session;
}

/** A sale on a session the caller operates (or any, for an admin); 404 unknown (any id), 403 not_your_till. */
export async function saleOfYourTill(
  db: Db,
  saleId: string,
  caller: TillCaller,
): Promise<{ sale: TillSaleRow; session: TillSessionRow }> {
  const [row] = isUuid(saleId)
    ? await db
        .select({ sale: tillSales, session: tillSessions })
        .from(tillSales)
        .innerJoin(tillSessions, eq(tillSessions.id, tillSales.sessionId))
        .where(eq(tillSales.id, saleId))
    : [];
  if (!row) throw saleNotFound();
  assertTillOperator(row.session, caller);
  return row;
}
