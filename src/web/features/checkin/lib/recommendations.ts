import { suggestedTypesOf } from '../../../../shared/child-tickets';
import type { AvailableSession, KioskTicket } from '../../../../shared/contracts/checkin';
import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import type { PartyPackage } from '../../../../shared/catalogue';

/** What the recommendations read of a ticket (SPEC.md section 3 "Ticket as read by recommendations"). */
export type RecommendationTicket = Pick<
  KioskTicket,
  'displayName' | 'numberOfChildren' | 'numberOfAdults' | 'timeSlot'
>;

export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The panel's greeting: the first name, and words that fit the party that came. */
export function greeting(t: RecommendationTicket): { title: string; message: string } {
  const name = firstName(t.displayName);
  const kids = t.numberOfChildren;
  const grownUps = t.numberOfAdults;
  const title = `Have a fantastic time, ${name}!`;
  if (kids <= 1 && grownUps <= 1)
    return { title, message: 'We hope your little one loves every minute of their play session.' };
  if (kids <= 1)
    return {
      title,
      message: `One happy explorer and ${plural(grownUps, 'grown-up', 'grown-ups')}: the cafe is ready when you need a cuppa.`,
    };
  if (grownUps === 0) return { title, message: `${kids} little adventurers, ready to play!` };
  if (grownUps === 1)
    return { title, message: `${kids} little adventurers and one brilliant grown-up: enjoy the fun together.` };
  return { title, message: `A team of ${kids} children and ${grownUps} adults: the barn is all yours to explore.` };
}

/**
 * Today's other sessions: every session except the one the ticket's slot starts with. Compared on the
 * start alone: "12:00 PM - 2:00 PM" contains "2:00 PM", the afternoon's start, too.
 */
export function otherSessions(sessions: AvailableSession[], timeSlot: string): AvailableSession[] {
  const start = timeSlot.split(' - ')[0]!.trim();
  return sessions.filter((s) => s.startLabel !== start);
}

/**
 * Price cards per audience, from the catalogue's own types (no ticket id in code): the children's tickets from age
 * 1, the first grown-up's ticket, and the babies' (suggested under 1) only to a family that came with one child
 * (SPEC.md section 9). A ticket suggested by no age (a special session's) has no card.
 */
export function priceCards(types: TicketTypeDto[], numberOfChildren: number): TicketTypeDto[] {
  const children = suggestedTypesOf(types);
  const babies = children.filter((t) => t.ageTo! < 1);
  const grownUp = types.find((t) => !t.isChild);
  return [
    ...children.filter((t) => t.ageTo! >= 1),
    ...(grownUp ? [grownUp] : []),
    ...(numberOfChildren === 1 ? babies : []),
  ];
}

/** A birthday party estimate is for a typical party of this many children. */
export const PARTY_ESTIMATE_CHILDREN = 10;

/** Each of the catalogue's party packages with its price for `children`. */
export function partyEstimates(opts: { packages: readonly PartyPackage[]; children?: number }) {
  const children = opts.children ?? PARTY_ESTIMATE_CHILDREN;
  return opts.packages.map((p) => ({ ...p, estimatePence: p.perChildPence * children }));
}
