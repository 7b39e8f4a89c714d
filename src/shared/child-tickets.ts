import { creditTicketTypeId } from './visit-rules';

/**
 * Which ticket a child on a family profile needs, by their age on the visit date (issue 39; DECISIONS.md
 * "Families the venue knows"). Dates are yyyy-MM-dd calendar dates in London: a date of birth, and the
 * visit date (or today in London before one is chosen). Pure, so the booking page and the server agree.
 */

/** The ticket for babies who are not yet one on the visit date (the catalogue's "Children 0-1 years"). */
export const underOneTicketTypeId = 'child-0-1';
/** The oldest age the child ticket ("Children 1-12 years") is for. */
export const CHILD_TICKET_MAX_AGE = 12;
/** The ticket types a suggestion sets; every other type is the family's own choice. */
export const suggestedTicketTypeIds = [underOneTicketTypeId, creditTicketTypeId] as const;

const parts = (ymd: string): [number, number, number] => {
  const [y, m, d] = ymd.split('-').map(Number);
  return [y!, m!, d!];
};

/**
 * Whole years from `dateOfBirth` to `date`. A birthday counts from its own day; someone born on 29 February
 * turns a year older on 1 March in other years (as UK law counts it). Before the date of birth: negative.
 */
export function ageOn(dateOfBirth: string, date: string): number {
  const [by, bm, bd] = parts(dateOfBirth);
  const [y, m, d] = parts(date);
  const beforeBirthday = m < bm || (m === bm && d < bd);
  return y - by - (beforeBirthday ? 1 : 0);
}

/** The ticket type for a child of this age: under 1, the child ticket up to 12, none from 13 (or unborn). */
export function ticketTypeForAge(age: number): string | null {
  if (age < 0 || age > CHILD_TICKET_MAX_AGE) return null;
  return age < 1 ? underOneTicketTypeId : creditTicketTypeId;
}

export type ChildOnProfile = { id: string; firstName: string; dateOfBirth: string };
export type ChildOnVisit = ChildOnProfile & { age: number; ticketTypeId: string | null };

/** Each child with their age on `date` and the ticket type that fits it. */
export const childrenOnVisit = (children: readonly ChildOnProfile[], date: string): ChildOnVisit[] =>
  children.map((c) => {
    const age = ageOn(c.dateOfBirth, date);
    return { ...c, age, ticketTypeId: ticketTypeForAge(age) };
  });

/**
 * The tickets the ticked children suggest on `date`: a count for each suggested type (0 when none of
 * them needs it), and the children no child ticket fits (13 and over), for a note.
 */
export function suggestTickets(
  ticked: readonly ChildOnProfile[],
  date: string,
): { quantities: Record<string, number>; withoutTicket: ChildOnVisit[] } {
  const quantities: Record<string, number> = Object.fromEntries(suggestedTicketTypeIds.map((id) => [id, 0]));
  const withoutTicket: ChildOnVisit[] = [];
  for (const child of childrenOnVisit(ticked, date)) {
    if (child.ticketTypeId) quantities[child.ticketTypeId]! += 1;
    else withoutTicket.push(child);
  }
  return { quantities, withoutTicket };
}

/** An age as the booking page says it: "under 1", "1 year old", "5 years old". */
export const ageText = (age: number): string => (age < 1 ? 'under 1' : age === 1 ? '1 year old' : `${age} years old`);
