import { describe, expect, it } from 'vitest';
import { takingsKinds, takingsKindText } from '../../shared/contracts/takings';
import { composeSellers } from '../sellers';
import { shownAs, takingsColumns } from './takings-kinds';

/**
 * Every seller the app is composed with has its takings somewhere on the Overview (issue 37): a seller whose
 * payments are takings (payments/sellers.ts, takingsKind) maps to a kind the Overview shows, which has a
 * column of sales_by_day and a label. Registering a membership seller fails here until its kind is added.
 */
describe('the Overview takes every seller’s takings', () => {
  it('shows each registered seller’s takings kind, and no gift voucher sale', () => {
    const sellers = composeSellers().all();
    expect(sellers.map((s) => s.name)).toEqual([
      'booking',
      'credit_purchase',
      'party',
      'gift_voucher',
      'membership',
      'till',
      'event',
      'cafe-order',
    ]);
    for (const seller of sellers) {
      if (seller.takingsKind === 'not_takings') continue;
      const shown = shownAs[seller.takingsKind];
      expect(shown, `${seller.name} (${seller.takingsKind}) has no kind on the Overview`).not.toBeNull();
      expect(takingsKinds).toContain(shown);
    }
    expect(sellers.find((s) => s.name === 'gift_voucher')!.takingsKind).toBe('not_takings');
    expect(sellers.filter((s) => s.takingsKind !== 'not_takings').map((s) => shownAs[s.takingsKind])).toEqual([
      'tickets',
      'credit_bundles',
      'parties',
      'memberships',
      'events',
      'cafe',
    ]);
  });

  it('has a column and words for every kind it shows', () => {
    expect(Object.keys(takingsColumns).sort()).toEqual([...takingsKinds].sort());
    expect(new Set(Object.values(takingsColumns)).size).toBe(takingsKinds.length);
    for (const k of takingsKinds) expect(takingsKindText[k].label).toBeTruthy();
  });
});
