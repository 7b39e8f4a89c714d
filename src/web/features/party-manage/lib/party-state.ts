import type { FamilyPartyView } from '../../../../shared/contracts/party-booking';

/**
 * What the family may still do with its party, worked out from the server's view of it (the server checks
 * the same rules again: these only decide which forms the page offers).
 */
export type PartyActions = {
  /** The balance is owed and the party still stands. */
  payBalance: boolean;
  /** Numbers may change: the party stands and today is on or before `changeUntil` (DECISIONS.md: 7 days before). */
  changeChildren: boolean;
  /** Invitations may still go out: the party is confirmed, not yet over, and not every child has one. */
  invite: boolean;
  /** How many more guests can be invited (up to the number of children in all). */
  invitesLeft: number;
};

const standing = (p: FamilyPartyView) => p.status === 'confirmed';

/** `today` is the venue's date (yyyy-MM-dd), compared as text like every date of ours. */
export function partyActions(p: FamilyPartyView, today: string): PartyActions {
  const invitesLeft = Math.max(0, p.children - p.invitations.sent);
  return {
    payBalance: standing(p) && p.balancePence > 0,
    changeChildren: standing(p) && today <= p.changeUntil,
    invite: standing(p) && today <= p.date && invitesLeft > 0,
    invitesLeft,
  };
}
