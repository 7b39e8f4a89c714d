import type { DataErasureResponse } from '../../../../shared/contracts/privacy';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The admin's confirmation of an erasure, from the server's counts: what was anonymised, deleted, closed
 * or signed out, every count stated (a 0 says that kind of data was looked for and none was held).
 */
export const erasedSummary = (r: DataErasureResponse): string =>
  [
    count(r.bookings, 'booking'),
    count(r.parties, 'party', 'parties'),
    // The family's guests' invitations deleted, and the address's own replies stripped (as a guest).
    count(r.partyInvitations, 'party invitation'),
    count(r.giftVouchers, 'gift voucher'),
    count(r.waitingListEntries, 'waiting list entry', 'waiting list entries'),
    count(r.memberships, 'membership'),
    count(r.creditPurchases, 'credit purchase'),
    count(r.enquiries, 'enquiry', 'enquiries'),
    count(r.mails, 'e-mail'),
    count(r.checkIns, 'number plate'),
    `${count(r.creditsClosed, 'credit')} and ${count(r.pointsClosed, 'point')} closed`,
    `${count(r.familySessions, 'signed-in browser')} signed out`,
  ].join(', ');
