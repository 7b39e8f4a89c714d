import type { PartyPaymentResponse } from '../../../../shared/contracts/party-booking';
import { savePartyToken } from '../../../lib/party-token';

/**
 * A party between "Continue to payment" and its confirmation, kept in session storage (this tab only, never in
 * a URL a server could log): the payment's client secret, the manage token and what the pages show of it.
 */
export type PendingParty = PartyPaymentResponse & {
  /** What gift vouchers have paid of the deposit on the pay step; `amountPence` is then the card's part. */
  giftVoucherPence?: number;
  summary: {
    date: string;
    slotLabel: string;
    packageName: string;
    children: number;
    childFirstName: string;
    totalPence: number;
    balancePence: number;
    balanceDueDate: string;
  };
};

const PENDING_KEY = 'pendingParty';

function readJson<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function savePendingParty(p: PendingParty): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(p));
  } catch {
    /* storage disabled: the confirmation e-mail still carries the manage link */
  }
  // Kept apart (and after the pending party is gone): the confirmation and manage pages ask with it.
  savePartyToken(p.partyId, p.manageToken);
}

/** The pending party with this id, if this tab started it. */
export function readPendingParty(partyId: string | null): PendingParty | null {
  const p = readJson<PendingParty>(PENDING_KEY);
  return p && partyId && p.partyId === partyId ? p : null;
}

export function removePendingParty(): void {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    /* nothing to remove */
  }
}
