import { sql } from 'drizzle-orm';
import type { AgreementResponse } from '../../shared/contracts/family-profile';
import type { StaffBookingChild } from '../../shared/contracts/kiosk-agreement';
import { normaliseFamilyEmail } from '../../shared/contracts/family';
import { agreementInForce } from '../catalogue/agreement';
import { rowsOf, type Db } from '../db/client';

/**
 * A booking's children and its visit agreement (issue 39): the children of the family's profile a booking
 * names (booking_children, filled when it was booked with the profile), and whether the booking's adult
 * accepted the rules of play in force for them. Read for a handful of bookings at a time (a scan, a booking,
 * the day's arrivals), in one query each.
 */

export type NamedChild = { id: string; firstName: string; dateOfBirth: string; notes: string };

/** A booking as these functions need it: its id and e-mail address. */
export type BookingRef = { id: string; email: string };

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The children each booking names, oldest first. Only children of the booking's own family (its e-mail's
 * profile): a child of another family is never shown on a booking, whatever the table says.
 */
export async function namedChildren(db: Db, bookingIds: string[]): Promise<Map<string, NamedChild[]>> {
  const found = new Map<string, NamedChild[]>(bookingIds.map((id) => [id, []]));
  if (bookingIds.length === 0) return found;
  const rows = rowsOf<{ booking_id: string; id: string; first_name: string; date_of_birth: string; notes: string }>(
    await db.execute(sql`
      select bc.booking_id, c.id, c.first_name, to_char(c.date_of_birth, 'YYYY-MM-DD') as date_of_birth, c.notes
        from booking_children bc
        join bookings b on b.id = bc.booking_id
        join family_children c on c.id = bc.child_id and c.email = lower(trim(b.customer_email))
       where bc.booking_id in (${idList(bookingIds)})
       order by c.date_of_birth, c.created_at, c.id`),
  );
  for (const r of rows)
    found.get(r.booking_id)?.push({ id: r.id, firstName: r.first_name, dateOfBirth: r.date_of_birth, notes: r.notes });
  return found;
}

/** The agreement in force, or null when the venue has not published one (nothing to ask for then). */
export const agreementOrNone = (db: Db, now: Date): Promise<AgreementResponse | null> =>
  agreementInForce(db, now).catch(() => null);

/**
 * Whether each booking's adult accepted `agreement`: an acceptance of that version for the booking's
 * e-mail address and, when the booking names children, covering each of them (over one or more
 * acceptances). With no agreement in force, every booking counts as accepted.
 */
export async function agreementAccepted(
  db: Db,
  agreement: AgreementResponse | null,
  refs: BookingRef[],
  children: Map<string, NamedChild[]>,
): Promise<Map<string, boolean>> {
  const accepted = new Map<string, boolean>(refs.map((r) => [r.id, agreement === null]));
  if (agreement === null || refs.length === 0) return accepted;
  const emails = [...new Set(refs.map((r) => normaliseFamilyEmail(r.email)))];
  const rows = rowsOf<{ email: string; child_ids: string[] | string }>(
    await db.execute(sql`
      select email, child_ids from agreement_acceptances
       where version = ${agreement.version}
         and email in (${sql.join(
           emails.map((e) => sql`${e}`),
           sql`, `,
         )})`),
  );
  const covered = new Map<string, Set<string>>();
  for (const r of rows) {
    const set = covered.get(r.email) ?? new Set<string>();
    for (const id of pgArray(r.child_ids)) set.add(id);
    covered.set(r.email, set);
  }
  for (const r of refs) {
    const ids = covered.get(normaliseFamilyEmail(r.email));
    accepted.set(r.id, ids !== undefined && (children.get(r.id) ?? []).every((c) => ids.has(c.id)));
  }
  return accepted;
}

/** A uuid[] as the driver gives it: an array (node-postgres, PGlite) or its text form "{a,b}". */
function pgArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',');
}

/** Whole years between a date of birth and the visit date (both yyyy-MM-dd). */
export function ageOn(dateOfBirth: string, visitDate: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [vy, vm, vd] = visitDate.split('-').map(Number) as [number, number, number];
  return Math.max(0, vy - by - (vm < bm || (vm === bm && vd < bd) ? 1 : 0));
}

/** What staff see of a booking's family (issue 39): agreement accepted, and each named child's first name, notes and age. */
export type StaffFamilyView = { rulesOfPlayAccepted: boolean; children: StaffBookingChild[] };

/** The staff view of each booking (by id), for the booking detail and the day's arrivals. */
export async function staffFamilyViews(
  db: Db,
  bookings: (BookingRef & { visitDate: string })[],
  now: Date,
): Promise<Map<string, StaffFamilyView>> {
  const children = await namedChildren(
    db,
    bookings.map((b) => b.id),
  );
  const accepted = await agreementAccepted(db, await agreementOrNone(db, now), bookings, children);
  return new Map(
    bookings.map((b) => [
      b.id,
      {
        rulesOfPlayAccepted: accepted.get(b.id) ?? false,
        children: (children.get(b.id) ?? []).map((c) => ({
          firstName: c.firstName,
          notes: c.notes,
          ageOnVisit: ageOn(c.dateOfBirth, b.visitDate),
        })),
      },
    ]),
  );
}
