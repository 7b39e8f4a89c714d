import { describe, expect, it } from 'vitest';
import type { FamilyMembership } from '../../../../shared/contracts/memberships';
import { coverEstimate, coveredChildren } from './member-cover-hint';

const pass: FamilyMembership = {
  id: 'm1',
  memberNumber: 'M1001',
  planId: 'monthly-play-pass',
  planName: 'Monthly Play Pass',
  period: 'monthly',
  pricePence: 2499,
  status: 'active',
  // Paid until 1 August 2026, 09:00 in London.
  currentPeriodEnd: '2026-08-01T08:00:00.000Z',
  cancelAtPeriodEnd: false,
  coolingOffUntil: '2026-07-15T08:00:00.000Z',
  children: [{ id: 'mia', firstName: 'Mia' }],
  bandIds: ['off-peak'],
  ticketTypeIds: ['child-1-12'],
  adultsFree: false,
  paymentDue: false,
};
const mia = { id: 'mia', firstName: 'Mia' };
const leo = { id: 'leo', firstName: 'Leo' };

describe("the membership hint in Who's coming", () => {
  it('names the ticked children a membership covers on an off-peak day inside the period paid', () => {
    expect(coveredChildren([pass], [mia, leo], '2026-07-07', 'off-peak')).toEqual([
      { planName: 'Monthly Play Pass', names: 'Mia', count: 1 },
    ]);
  });

  it('says nothing on a peak day, after the period paid, for an unticked child, or for a paused membership', () => {
    expect(coveredChildren([pass], [mia], '2026-07-11', 'peak')).toEqual([]);
    expect(
      coveredChildren([{ ...pass, cancelAtPeriodEnd: true, status: 'cancelled' }], [mia], '2026-08-01', 'off-peak'),
    ).toEqual([]);
    expect(coveredChildren([{ ...pass, status: 'past_due' }], [mia], '2026-08-01', 'off-peak')).toEqual([]);
    expect(coveredChildren([pass], [mia], '2026-09-01', 'off-peak')).toEqual([]);
    expect(coveredChildren([pass], [leo], '2026-07-07', 'off-peak')).toEqual([]);
    expect(coveredChildren([{ ...pass, status: 'paused' }], [mia], '2026-07-07', 'off-peak')).toEqual([]);
  });

  it('covers the month after the period paid on trust while an active monthly membership renews', () => {
    expect(coveredChildren([pass], [mia], '2026-08-31', 'off-peak')).toEqual([
      { planName: 'Monthly Play Pass', names: 'Mia', count: 1 },
    ]);
    expect(coveredChildren([{ ...pass, period: 'annual' }], [mia], '2026-08-01', 'off-peak')).toEqual([]);
  });

  it('covers any day when the plan names no bands, and lists several children', () => {
    const family = { ...pass, planName: 'Annual Family Pass', bandIds: [], children: [mia, leo] };
    expect(coveredChildren([family], [mia, leo], '2026-07-11', 'peak')).toEqual([
      { planName: 'Annual Family Pass', names: 'Mia and Leo', count: 2 },
    ]);
  });

  it('estimates what comes off: one covered child ticket per covered child, never more than the order has', () => {
    const prices = [{ id: 'child-1-12', price: 950, fee: 0, isChild: true }];
    expect(coverEstimate([pass], [mia, leo], '2026-07-07', 'off-peak', prices, { 'child-1-12': 2 })).toBe(950);
    expect(coverEstimate([pass], [mia], '2026-07-07', 'off-peak', prices, { 'child-0-1': 1 })).toBe(0);
    expect(coverEstimate([pass], [mia], '2026-07-11', 'peak', prices, { 'child-1-12': 1 })).toBe(0);
  });

  it('takes off up to two grown-ups when the plan lets adults in free, only with a covered child', () => {
    const prices = [
      { id: 'child-1-12', price: 950, fee: 0, isChild: true },
      { id: 'adult', price: 200, fee: 0, isChild: false },
    ];
    const family = { ...pass, bandIds: [], adultsFree: true, children: [mia, leo] };
    expect(coverEstimate([family], [mia], '2026-07-11', 'peak', prices, { 'child-1-12': 1, adult: 3 })).toBe(1350);
    expect(coverEstimate([family], [mia], '2026-07-11', 'peak', prices, { 'child-1-12': 1, adult: 1 })).toBe(1150);
    expect(coverEstimate([family], [], '2026-07-11', 'peak', prices, { 'child-1-12': 1, adult: 2 })).toBe(0);
    expect(coverEstimate([pass], [mia], '2026-07-07', 'off-peak', prices, { 'child-1-12': 1, adult: 2 })).toBe(950);
  });

  it('takes off two grown-ups a booking in all, however many memberships let adults in free (issue 46)', () => {
    const prices = [
      { id: 'child-1-12', price: 950, fee: 0, isChild: true },
      { id: 'adult', price: 200, fee: 0, isChild: false },
    ];
    const forMia = { ...pass, id: 'm1', bandIds: [], adultsFree: true, children: [mia] };
    const forLeo = { ...pass, id: 'm2', bandIds: [], adultsFree: true, children: [leo] };
    const quantities = { 'child-1-12': 2, adult: 4 };
    expect(coverEstimate([forMia, forLeo], [mia, leo], '2026-07-11', 'peak', prices, quantities)).toBe(2 * 950 + 400);
  });
});
