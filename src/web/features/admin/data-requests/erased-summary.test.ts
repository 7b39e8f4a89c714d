import { describe, expect, it } from 'vitest';
import type { DataErasureResponse } from '../../../../shared/contracts/privacy';
import { erasedSummary } from './erased-summary';

const none: DataErasureResponse = {
  bookings: 0,
  parties: 0,
  partyInvitations: 0,
  giftVouchers: 0,
  waitingListEntries: 0,
  memberships: 0,
  creditPurchases: 0,
  enquiries: 0,
  mails: 0,
  checkIns: 0,
  familySessions: 0,
  creditsClosed: 0,
  pointsClosed: 0,
};

describe('erasure summary', () => {
  it('states every count the server gives, parties, gift vouchers and waiting lists included', () => {
    expect(
      erasedSummary({
        bookings: 2,
        parties: 3,
        partyInvitations: 12,
        giftVouchers: 11,
        waitingListEntries: 13,
        memberships: 14,
        creditPurchases: 4,
        enquiries: 5,
        mails: 6,
        checkIns: 7,
        familySessions: 8,
        creditsClosed: 9,
        pointsClosed: 10,
      }),
    ).toBe(
      '2 bookings, 3 parties, 12 party invitations, 11 gift vouchers, 13 waiting list entries, 14 memberships, 4 credit purchases, 5 enquiries, 6 e-mails, 7 number plates, ' +
        '9 credits and 10 points closed, 8 signed-in browsers signed out',
    );
  });

  it('says one of each in the singular, and a nought as a nought', () => {
    const one = Object.fromEntries(Object.keys(none).map((k) => [k, 1])) as DataErasureResponse;
    expect(erasedSummary(one)).toBe(
      '1 booking, 1 party, 1 party invitation, 1 gift voucher, 1 waiting list entry, 1 membership, 1 credit purchase, 1 enquiry, 1 e-mail, 1 number plate, ' +
        '1 credit and 1 point closed, 1 signed-in browser signed out',
    );
    expect(erasedSummary(none)).toMatch(/^0 bookings, 0 parties, 0 party invitations, /);
  });
});
