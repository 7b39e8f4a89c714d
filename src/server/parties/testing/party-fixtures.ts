import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { HoldPartyInput } from '../hold-party';

/** A family's party request; `i` makes the parent's address its own. */
export function partyRequest(i: number, over: Partial<HoldPartyInput> = {}): HoldPartyInput {
  return {
    date: '2026-06-20',
    slotId: 'midday',
    packageId: 'silver',
    children: 12,
    childFirstName: 'Maisie',
    childAge: 6,
    parentName: `Parent ${i}`,
    parentEmail: `family${i}@example.com`,
    parentPhone: '07700 900123',
    ...over,
  };
}

/** The AppError code a call failed with ('no error' when it did not fail). */
export async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
  return 'no error';
}

/** The live (held or confirmed) parties of a date and slot: their rooms and parents. */
export async function liveParties(db: Db, date: string, slotId: string) {
  return rowsOf<{ roomId: string | null; parentEmail: string; status: string }>(
    await db.execute(sql`select room_id as "roomId", parent_email as "parentEmail", status from party_bookings
      where party_date = ${date}::date and slot_id = ${slotId} and status in ('held', 'confirmed')
      order by room_id nulls first`),
  );
}
