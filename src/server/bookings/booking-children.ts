import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { AppError } from '../http/errors';
import type { MemberCover } from './member-cover';
import type { PricedOrder, TicketTypeRow } from './pricing';

/**
 * The children a booking names as coming (`childIds`, issue 39): children of the profile of the booking's own
 * address, and only from a browser that proved that address (a family session): an e-mail address typed into a
 * form is not proof of who someone is. Checked before the transaction, so a refused booking takes no lock.
 */
export function checkNamedChildren(opts: {
  childIds: string[];
  creditsAllowed: boolean;
  order: PricedOrder;
  types: TicketTypeRow[];
}): string[] {
  const ids = [...new Set(opts.childIds)];
  if (ids.length === 0) return ids;
  if (!opts.creditsAllowed)
    throw new AppError(
      'family_session_required',
      'Please confirm your e-mail address to book with your family profile.',
    );
  const childTickets = opts.order.lines
    .filter((l) => opts.types.find((t) => t.id === l.ticketTypeId)?.isChild)
    .reduce((n, l) => n + l.quantity, 0);
  if (ids.length > childTickets)
    throw new AppError('invalid_input', 'Please add a child ticket for each child who is coming.', {
      fields: { childIds: ['Add a child ticket for each child who is coming'] },
    });
  return ids;
}

/**
 * Inside the booking's transaction: records the named children, copying only rows that are this address's
 * children. Another family's child, a guessed id or a child deleted a moment ago: the same 404, and throwing
 * rolls the whole booking back.
 */
export async function insertBookingChildren(
  tx: Db,
  v: { bookingId: string; email: string; childIds: string[]; cover: MemberCover },
): Promise<void> {
  if (v.childIds.length === 0) return;
  const inserted = rowsOf<{ child_id: string }>(
    await tx.execute(sql`
      insert into booking_children (booking_id, child_id, membership_id)
      select ${v.bookingId}::uuid, c.id,
        (select (e->>'membershipId')::uuid from jsonb_array_elements(${JSON.stringify(v.cover.children)}::jsonb) e
          where (e->>'childId')::uuid = c.id)
      from family_children c
      where c.email = ${v.email} and c.id = any(${`{${v.childIds.join(',')}}`}::uuid[])
      returning child_id`),
  );
  if (inserted.length !== v.childIds.length)
    throw new AppError('not_found', 'One of these children is not on your family profile: please reload the page.');
}
