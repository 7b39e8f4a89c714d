import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedTicketTypes } from '../catalogue/seed-data';
import { AppError } from '../http/errors';
import { priceOrder, type TicketTypeRow } from './pricing';

const types: TicketTypeRow[] = seedTicketTypes.map((t) => ({ ...t, active: true }));
const weekdaySession = { weekend: false, sessionId: 'midday' };

describe('priceOrder', () => {
  it('sums price times quantity from the database rows, in pence', () => {
    const order = priceOrder({ 'child-1-12': 2, adult: 1, 'child-0-1': 1 }, types, weekdaySession);
    expect(order.totalPence).toBe(2 * 950 + 200 + 400);
    expect(order.places).toBe(3); // adults are not counted against capacity
    expect(order.lines).toHaveLength(3);
  });

  it('adds the per-ticket fee when there is one', () => {
    const withFee = types.map((t) => (t.id === 'adult' ? { ...t, feePence: 25 } : t));
    expect(priceOrder({ adult: 2 }, withFee, weekdaySession).totalPence).toBe(450);
  });

  it('ignores zero quantities and refuses an order with no tickets', () => {
    expect(priceOrder({ adult: 1, 'child-1-12': 0 }, types, weekdaySession).lines).toHaveLength(1);
    expect(() => priceOrder({ adult: 0 }, types, weekdaySession)).toThrow(
      'Please select at least one ticket to continue',
    );
  });

  it('refuses unknown and inactive ticket types with a 400', () => {
    const err = (() => {
      try {
        priceOrder({ 'vip-pass': 1 }, types, weekdaySession);
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect(err?.httpStatus).toBe(400);
    expect(err?.code).toBe('unknown_ticket_type');
    const inactive = types.map((t) => (t.id === 'adult' ? { ...t, active: false } : t));
    expect(() => priceOrder({ adult: 1 }, inactive, weekdaySession)).toThrow(AppError);
  });

  it('sells baby & toddler tickets only for the weekday morning session', () => {
    expect(priceOrder({ 'baby-toddler': 2 }, types, { weekend: false, sessionId: 'morning' }).totalPence).toBe(1600);
    const sessionLabels = { morning: '9:30 AM - 11:30 AM' };
    expect(() =>
      priceOrder({ 'baby-toddler': 1 }, types, { weekend: false, sessionId: 'midday', sessionLabels }),
    ).toThrow('Baby & Toddler Morning tickets are only for the weekday 9:30 AM - 11:30 AM session.');
    expect(() => priceOrder({ 'baby-toddler': 1 }, types, { weekend: false, sessionId: null })).toThrow(AppError);
    expect(() => priceOrder({ 'baby-toddler': 1 }, types, { weekend: true, sessionId: 'morning' })).toThrow(AppError);
  });

  it('always equals the sum of its lines (property)', () => {
    fc.assert(
      fc.property(fc.record({ 'child-0-1': fc.nat(30), 'child-1-12': fc.nat(30), adult: fc.nat(30) }), (q) => {
        fc.pre(Object.values(q).some((n) => n > 0));
        const order = priceOrder(q, types, weekdaySession);
        expect(order.totalPence).toBe(
          order.lines.reduce((s, l) => s + (l.unitPricePence + l.unitFeePence) * l.quantity, 0),
        );
        expect(order.places).toBe(q['child-0-1'] + q['child-1-12']);
        expect(Number.isInteger(order.totalPence)).toBe(true);
      }),
    );
  });
});
