/**
 * Which ticket a child on a family profile needs, by their age on the visit date (issue 39; DECISIONS.md
 * "Families the venue knows"). Dates are yyyy-MM-dd calendar dates in London: a date of birth, and the
 * visit date (or today in London before one is chosen). Pure, so the booking page and the server agree.
 * Which tickets are a child's, for which ages, is the catalogue's (DECISIONS.md "Memberships keep their money
 * straight": no ticket id is written in code): a venue that renames or adds a ticket type keeps suggestions and
 * member walk-ins working.
 */

/** What a suggestion reads of a ticket type (the catalogue's TicketTypeView, the booking page's TicketTypeDto). */
export type AgedTicketType = { id: string; isChild: boolean; ageFrom: number | null; ageTo: number | null };

/** The ticket types a suggestion sets (a child's, with ages); every other type is the family's own choice. */
export const suggestedTypesOf = <T extends AgedTicketType>(types: readonly T[]): T[] =>
  types.filter((t) => t.isChild && t.ageFrom !== null && t.ageTo !== null);

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

/**
 * The ticket type for a child of this age: the first of `types` (in the catalogue's order) whose ages hold it
 * (as seeded: under 1, the baby ticket; 1 to 12, the child ticket; none from 13, or unborn).
 */
export function ticketTypeForAge(age: number, types: readonly AgedTicketType[]): string | null {
  if (age < 0) return null;
  return suggestedTypesOf(types).find((t) => age >= t.ageFrom! && age <= t.ageTo!)?.id ?? null;
}

export type ChildOnProfile = { id: string; firstName: string; dateOfBirth: string };
export type ChildOnVisit = ChildOnProfile & { age: number; ticketTypeId: string | null };

/** Each child with their age on `date` and the ticket type of `types` that fits it. */
export const childrenOnVisit = (
  children: readonly ChildOnProfile[],
  date: string,
  types: readonly AgedTicketType[],
): ChildOnVisit[] =>
  children.map((c) => {
    const age = ageOn(c.dateOfBirth, date);
    return { ...c, age, ticketTypeId: ticketTypeForAge(age, types) };
  });

/**
 * The tickets the ticked children suggest on `date`: a count for each suggested type of `types` (0 when none of
 * them needs it), and the children no child ticket fits (as seeded: 13 and over), for a note.
 */
export function suggestTickets(
  ticked: readonly ChildOnProfile[],
  date: string,
  types: readonly AgedTicketType[],
): { quantities: Record<string, number>; withoutTicket: ChildOnVisit[] } {
  const quantities: Record<string, number> = Object.fromEntries(suggestedTypesOf(types).map((t) => [t.id, 0]));
  const withoutTicket: ChildOnVisit[] = [];
  for (const child of childrenOnVisit(ticked, date, types)) {
    if (child.ticketTypeId) quantities[child.ticketTypeId]! += 1;
    else withoutTicket.push(child);
  }
  return { quantities, withoutTicket };
}

/** An age as the booking page says it: "under 1", "1 year old", "5 years old". */
export const ageText = (age: number): string => (age < 1 ? 'under 1' : age === 1 ? '1 year old' : `${age} years old`);
