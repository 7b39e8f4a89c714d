import { describe, expect, it } from 'vitest';
import {
  allergenText,
  bookableDates,
  childCounts,
  looksLikeVoucherCode,
  monthsOnSale,
  packagesForSlot,
  resizeFoodChoices,
  serverFieldErrors,
  shiftMonth,
  slotDetail,
  type PartyDay,
  type PartyPackageOffer,
} from './party-booking-logic';
import { countdownText } from './use-countdown';

const slot = (slotId: string, roomsFree: number, packages: string[]) => ({
  slotId,
  label: slotId,
  start: '09:30',
  end: '11:30',
  roomsFree,
  packages,
});
const offer = (id: string, minChildren = 8, maxChildren = 20): PartyPackageOffer => ({
  id,
  name: id,
  hours: '2 hours',
  includes: [],
  minChildren,
  maxChildren,
  pricePence: 1600,
  perChild: true,
  food: id !== 'bronze',
});

describe('the online party booking rules', () => {
  it('pages through the months on sale, across a new year', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(monthsOnSale({ from: '2026-11-26', to: '2026-12-26' })).toEqual(['2026-11', '2026-12']);
    expect(monthsOnSale({ from: '2026-12-01', to: '2026-12-31' })).toEqual(['2026-12']);
  });

  it('offers only dates with a slot a package still fits, never a closed day', () => {
    const days: PartyDay[] = [
      { date: '2026-12-05', closed: false, slots: [slot('a', 0, []), slot('b', 1, ['silver'])] },
      { date: '2026-12-06', closed: false, slots: [slot('a', 0, []), slot('b', 0, [])] },
      { date: '2026-12-07', closed: true, slots: [slot('a', 0, [])] },
    ];
    expect([...bookableDates(days)]).toEqual(['2026-12-05']);
  });

  it('shows the packages a slot allows, in the catalogue order, and what a slot has free', () => {
    const offers = [offer('bronze'), offer('silver'), offer('gold'), offer('private-hire', 1, 25)];
    expect(packagesForSlot(offers, slot('b', 2, ['gold', 'silver'])).map((o) => o.id)).toEqual(['silver', 'gold']);
    expect(packagesForSlot(offers, undefined)).toEqual([]);
    expect(slotDetail(slot('b', 2, ['silver']))).toBe('2 rooms free');
    expect(slotDetail(slot('b', 1, ['silver']))).toBe('1 room free');
    expect(slotDetail(slot('b', 0, []))).toBe('Fully booked');
    expect(slotDetail(slot('evening', 2, ['private-hire']))).toBe('Private Hire of the whole barn');
  });

  it('bounds the number of children by the package', () => {
    expect(childCounts({ minChildren: 8, maxChildren: 11 })).toEqual([8, 9, 10, 11]);
    expect(childCounts({ minChildren: 5, maxChildren: 4 })).toEqual([]);
  });

  it('keeps one food choice per child as the number changes', () => {
    expect(resizeFoodChoices(['pizza', 'wrap'], 4)).toEqual(['pizza', 'wrap', '', '']);
    expect(resizeFoodChoices(['pizza', 'wrap', 'pasta'], 2)).toEqual(['pizza', 'wrap']);
    expect(resizeFoodChoices(['pizza'], Number.NaN)).toEqual([]);
    expect(resizeFoodChoices([], 1000)).toHaveLength(100);
  });

  it('says the allergens in words', () => {
    expect(allergenText(['gluten', 'milk', 'nuts'])).toBe('Contains gluten, milk, nuts');
    expect(allergenText(['celery', 'something-new'])).toBe('Contains celery, something-new');
    expect(allergenText([])).toBe('No listed allergens');
  });

  it('puts the server’s first message by each field the form has', () => {
    const fields = { 'foodChoices.3': ['Please choose food'], parentEmail: ['Bad', 'Worse'], secret: ['x'] };
    expect(serverFieldErrors(fields, ['foodChoices', 'parentEmail'] as const)).toEqual({
      foodChoices: 'Please choose food',
      parentEmail: 'Bad',
    });
    expect(serverFieldErrors(undefined, ['parentEmail'] as const)).toEqual({});
  });

  it('counts a hold down in minutes and seconds, stopping at nought', () => {
    expect(countdownText(15 * 60_000)).toBe('15:00');
    expect(countdownText(61_500)).toBe('1:02');
    expect(countdownText(-5000)).toBe('0:00');
  });
});

describe('what POST /api/parties is sent', () => {
  const values = {
    date: '2026-12-05',
    slotId: 'midday',
    packageId: 'bronze',
    children: '12',
    childFirstName: 'Mia',
    childAge: '6',
    foodChoices: ['cheese-pizza'],
    dietaryNotes: '',
    parentName: 'Ada Parent',
    parentEmail: 'ada@example.com',
    parentPhone: '07700 900123',
    voucherCode: '',
    agreeToTerms: true,
  };

  it('sends numbers as numbers, and food choices only when the package has food', async () => {
    const { bookingInput } = await import('./use-party-booking-form');
    expect(bookingInput(values, offer('bronze'))).toMatchObject({ children: 12, childAge: 6, foodChoices: [] });
    expect(bookingInput(values, offer('silver')).foodChoices).toEqual(['cheese-pizza']);
    // Nothing chosen yet is left out, so the schema says "Please choose ..." rather than "too small".
    expect(bookingInput({ ...values, children: '', childAge: '' }, undefined)).toMatchObject({
      children: undefined,
      childAge: undefined,
    });
  });

  it('sends the VIP voucher trimmed when one is typed, and leaves it out when not', async () => {
    const { bookingInput } = await import('./use-party-booking-form');
    expect(bookingInput(values, offer('bronze')).voucherCode).toBeUndefined();
    expect(bookingInput({ ...values, voucherCode: '  ' }, offer('bronze')).voucherCode).toBeUndefined();
    expect(bookingInput({ ...values, voucherCode: ' PTB-ABCD-EFGH ' }, offer('bronze')).voucherCode).toBe(
      'PTB-ABCD-EFGH',
    );
  });
});

describe('when a typed voucher is quoted', () => {
  it('takes a whole code in any case, with dashes, spaces or neither; never half a code', () => {
    for (const ok of ['PTB-ABCD-EFGH', 'ptb abcd efgh', 'PTBABCDEFGH', ' PTB-2345-6789 '])
      expect(looksLikeVoucherCode(ok), ok).toBe(true);
    for (const no of ['', 'PTB', 'PTB-ABCD', 'PTB-ABCD-EFG', 'XYZ-ABCD-EFGH', 'PTB-ABCD-EFGHI', 'PTB_ABCD_EFGH'])
      expect(looksLikeVoucherCode(no), no).toBe(false);
  });
});
