import { describe, expect, it } from 'vitest';
import type { FamilyPartyView } from '../../../../shared/contracts/party-booking';
import { childrenProblem, childrenRulesFor, looseRules, resizeFoodChoices } from './children-change';
import { splitEmails, tooManyInvites } from './invite-emails';
import { partyActions } from './party-state';

const party: FamilyPartyView = {
  id: '6f1c2a4e-1b2c-4d5e-8f90-123456789abc',
  reference: 'PTY-ABC123',
  status: 'confirmed',
  date: '2026-12-20',
  slotLabel: 'Saturday 1pm - 3pm',
  roomName: 'Party Room 1',
  packageId: 'bronze',
  packageName: 'Bronze Package',
  children: 10,
  foodChoices: [],
  childFirstName: 'Amelia',
  childAge: 6,
  lines: [{ kind: 'per_child', label: 'Bronze Package', quantity: 10, unitPence: 1500, amountPence: 15000 }],
  totalPence: 15000,
  paidPence: 5000,
  balancePence: 10000,
  balanceDueDate: '2026-12-13',
  changeUntil: '2026-12-13',
  invitations: { sent: 8, coming: 3, notComing: 1 },
};

describe('what the family may do with its party', () => {
  it('offers paying, changing and inviting for a confirmed party before the cut-off', () => {
    expect(partyActions(party, '2026-12-01')).toEqual({
      payBalance: true,
      changeChildren: true,
      invite: true,
      invitesLeft: 2,
    });
  });

  it('lets numbers change up to and including the change date, not after', () => {
    expect(partyActions(party, '2026-12-13').changeChildren).toBe(true);
    expect(partyActions(party, '2026-12-14').changeChildren).toBe(false);
  });

  it('offers nothing to pay once paid, nor anything at all for a party that does not stand', () => {
    expect(partyActions({ ...party, balancePence: 0, paidPence: 15000 }, '2026-12-01').payBalance).toBe(false);
    for (const status of ['held', 'cancelled', 'expired'] as const) {
      const a = partyActions({ ...party, status }, '2026-12-01');
      expect([a.payBalance, a.changeChildren, a.invite]).toEqual([false, false, false]);
    }
  });

  it('stops inviting when every child has an invitation or the party is over', () => {
    expect(partyActions({ ...party, invitations: { sent: 10, coming: 0, notComing: 0 } }, '2026-12-01')).toMatchObject({
      invite: false,
      invitesLeft: 0,
    });
    expect(partyActions({ ...party, children: 6 }, '2026-12-01').invitesLeft).toBe(0);
    expect(partyActions(party, '2026-12-21').invite).toBe(false);
  });
});

describe('the invitations box', () => {
  it('splits on lines, commas, semicolons and spaces, without blanks or repeats', () => {
    expect(splitEmails(' a@x.com\nb@y.org, A@X.com;; <c@z.net>\n\n')).toEqual(['a@x.com', 'b@y.org', 'c@z.net']);
    expect(splitEmails('   ')).toEqual([]);
  });

  it('says how many can still go out', () => {
    expect(tooManyInvites(2, 2)).toBeNull();
    expect(tooManyInvites(3, 2)).toBe('You can invite 2 more guests: please remove 1 address.');
    expect(tooManyInvites(3, 1)).toBe('You can invite 1 more guest: please remove 2 addresses.');
    expect(tooManyInvites(1, 0)).toBe('Every child has an invitation already.');
  });
});

describe('changing the number of children', () => {
  const offer = {
    month: '2026-12',
    lastDate: '2027-05-28',
    rooms: 2,
    depositPence: 5000,
    days: [],
    packages: [
      {
        id: 'bronze',
        name: 'Bronze Package',
        hours: '2 hours',
        includes: [],
        minChildren: 8,
        maxChildren: 20,
        pricePence: 1500,
        perChild: true,
        food: true,
      },
    ],
    foodOptions: [{ id: 'nuggets', name: 'Chicken nuggets', allergens: [] }],
  };

  it("takes the package's bounds and food from the month's offer, by the package's id", () => {
    expect(childrenRulesFor(offer, 'bronze')).toEqual({
      min: 8,
      max: 20,
      food: true,
      foodOptions: offer.foodOptions,
    });
    expect(childrenRulesFor(offer, 'Bronze Package')).toEqual(looseRules); // a name is not an id
    expect(childrenRulesFor(offer, 'gold')).toEqual(looseRules);
    expect(childrenRulesFor(undefined, 'bronze')).toEqual(looseRules);
  });

  it('refuses a number outside the bounds, not whole, or unchanged', () => {
    const rules = childrenRulesFor(offer, 'bronze');
    expect(childrenProblem('12', rules, 10)).toBeNull();
    expect(childrenProblem('', rules, 10)).toMatch(/whole number/);
    expect(childrenProblem('9.5', rules, 10)).toMatch(/whole number/);
    expect(childrenProblem('7', rules, 10)).toBe(
      'This package is for 8 to 20 children: please choose a number in between',
    );
    expect(childrenProblem('21', rules, 10)).toMatch(/8 to 20/);
    expect(childrenProblem('10', rules, 10)).toBe('The party is already for 10 children');
  });

  it('keeps the food already chosen when the number changes', () => {
    expect(resizeFoodChoices(['a', 'b', 'c'], 2)).toEqual(['a', 'b']);
    expect(resizeFoodChoices(['a'], 3)).toEqual(['a', '', '']);
    expect(resizeFoodChoices([], -1)).toEqual([]);
  });
});
