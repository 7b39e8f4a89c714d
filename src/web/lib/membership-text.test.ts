import { describe, expect, it } from 'vitest';
import {
  adminActionsFor,
  cancelChoices,
  childrenText,
  daysText,
  joinSummaryLines,
  longDateOf,
  namesText,
  priceText,
  renewalText,
  renewal,
  statusNote,
  statusText,
} from './membership-text';

describe('the membership screens’ words', () => {
  it('prices a plan from integer pence, per month or per year', () => {
    expect(priceText(2499, 'monthly')).toBe('£24.99 a month');
    expect(priceText(19900, 'annual')).toBe('£199 a year');
  });

  it('says who and which days a plan covers', () => {
    expect(childrenText(1)).toBe('1 child');
    expect(childrenText(3)).toBe('Up to 3 children');
    expect(daysText('Any day')).toBe('Any day we are open');
    expect(daysText('Off-peak days')).toBe('Off-peak days');
    expect(namesText(['Maisie'])).toBe('Maisie');
    expect(namesText(['Maisie', 'Alfie', 'Rosa'])).toBe('Maisie, Alfie and Rosa');
  });

  it('gives dates in London: an instant late on 31 March BST is already 1 April', () => {
    expect(longDateOf('2026-03-31T23:30:00Z')).toBe('Wednesday 1 April 2026');
    expect(longDateOf('2026-12-28T10:00:00Z')).toBe('Monday 28 December 2026');
  });

  it('says when a membership renews or ends', () => {
    const m = { period: 'monthly', currentPeriodEnd: '2026-12-28T10:00:00Z', cancelAtPeriodEnd: false } as const;
    expect(renewalText({ ...m, status: 'active' })).toBe('Renews on Monday 28 December 2026');
    // An end is the last day covered: the period ends during (here) or at the start of the 28th, so the 27th.
    expect(renewalText({ ...m, status: 'cancelled', cancelAtPeriodEnd: true })).toBe('Ends on Sunday 27 December 2026');
    expect(renewalText({ ...m, period: 'annual', status: 'active' })).toBe('Runs until Sunday 27 December 2026');
    expect(renewalText({ ...m, status: 'pending', currentPeriodEnd: null })).toBeNull();
    expect(renewalText({ ...m, status: 'ended' })).toBeNull();
    expect(statusText('past_due')).toBe('Payment due');
    expect(statusNote('past_due')).toMatch(/try your card again/);
    expect(statusNote('active')).toBeNull();
    expect(statusNote('paused')).toMatch(/front desk/);
    const due = { period: 'monthly', currentPeriodEnd: '2026-08-01T08:00:00.000Z', cancelAtPeriodEnd: false } as const;
    expect(renewal({ ...due, status: 'past_due' })?.label).toBe('Payment was due on');
    expect(renewal({ ...due, status: 'paused' })?.label).toBe('Paid until');
    expect(statusNote('paused', true)).toMatch(/Update your card and pay/);
    expect(statusNote('past_due', true)).toMatch(/update your card and pay now/);
  });

  it('offers the cooling-off refund only within its 14 days, and ending at the period end only while it renews', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const within = { coolingOffUntil: '2026-12-10T10:00:00Z' };
    const over = { coolingOffUntil: '2026-11-20T10:00:00Z' };
    expect(cancelChoices({ ...within, status: 'active' }, now)).toEqual({ endOfPeriod: true, coolingOff: true });
    expect(cancelChoices({ ...over, status: 'active' }, now)).toEqual({ endOfPeriod: true, coolingOff: false });
    expect(cancelChoices({ ...within, status: 'cancelled' }, now)).toEqual({ endOfPeriod: false, coolingOff: true });
    expect(cancelChoices({ ...within, status: 'ended' }, now)).toEqual({ endOfPeriod: false, coolingOff: false });
    expect(cancelChoices({ ...within, status: 'pending' }, now)).toEqual({ endOfPeriod: false, coolingOff: false });
  });

  it('sums up a monthly plan as renewing until cancelled, and an annual one as paid once', () => {
    const monthly = joinSummaryLines({ name: 'Monthly Play Pass', pricePence: 2499, period: 'monthly' });
    expect(monthly[0]).toBe('Today you pay £24.99 for your first month.');
    expect(monthly[1]).toMatch(/each month.*until you cancel/);
    expect(monthly[2]).toMatch(/14 days/);
    const annual = joinSummaryLines({ name: 'Annual Family Pass', pricePence: 19900, period: 'annual' });
    expect(annual[0]).toBe('Today you pay £199.00 for a whole year.');
    expect(annual[1]).toMatch(/does not renew/);
  });

  it('offers staff only the actions the server allows from each status', () => {
    expect(adminActionsFor('active')).toEqual(['pause', 'end']);
    expect(adminActionsFor('paused')).toEqual(['resume', 'end']);
    expect(adminActionsFor('cancelled')).toEqual(['end']);
    expect(adminActionsFor('ended')).toEqual([]);
  });
});
