import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { partyBookings, type PartyBookingStatus } from '../db/schema';
import { AppError } from '../http/errors';
import type { PartyPriceLine } from './party-price';

/** A party as the domain answers it (no payment details: those come with the payment step). */
export type PartyBooking = {
  id: string;
  reference: string;
  date: string;
  slotId: string;
  /** Null for Private Hire: the whole barn. */
  roomId: string | null;
  packageId: string;
  children: number;
  childFirstName: string;
  childAge: number;
  parentName: string;
  parentEmail: string;
  parentPhone: string;
  status: PartyBookingStatus;
  holdExpiresAt: Date | null;
  depositPence: number;
  totalPence: number;
  lines: PartyPriceLine[];
  version: number;
};

type Row = typeof partyBookings.$inferSelect;

export function partyOf(r: Row): PartyBooking {
  return {
    id: r.id,
    reference: r.reference,
    date: r.partyDate,
    slotId: r.slotId,
    roomId: r.roomId,
    packageId: r.packageId,
    children: r.children,
    childFirstName: r.childFirstName,
    childAge: r.childAge,
    parentName: r.parentName,
    parentEmail: r.parentEmail,
    parentPhone: r.parentPhone,
    status: r.status,
    holdExpiresAt: r.holdExpiresAt,
    depositPence: r.depositPence,
    totalPence: r.totalPence,
    lines: r.priceLines as PartyPriceLine[],
    version: r.version,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The party's row; 404 when there is none (or the id is not a uuid). With `lock`, locked until the transaction ends. */
export async function findParty(tx: Db, id: string, opts: { lock: boolean }): Promise<Row> {
  const query = () => tx.select().from(partyBookings).where(eq(partyBookings.id, id));
  const [row] = UUID.test(id) ? await (opts.lock ? query().for('update') : query()) : [];
  if (!row) throw new AppError('party_not_found', 'We could not find that party.');
  return row;
}

export const lockParty = (tx: Db, id: string): Promise<Row> => findParty(tx, id, { lock: true });
