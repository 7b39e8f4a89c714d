import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { WaitingListOffer } from '../../../../shared/contracts/waiting-list';
import { VENUE_TIME_ZONE } from '../../../../shared/venue';
import { apiGet } from '../../../lib/api';
import type { SessionChoice } from '../lib/sessions';

// The offer e-mail's link (/booking?date=&session=&offer=) loses its query when step 1 moves on to the
// details, so the token waits in this tab's session storage until the booking is made.
const STORE_KEY = 'ptb-waiting-list-offer';

const storedToken = (): string | null => {
  try {
    return sessionStorage.getItem(STORE_KEY);
  } catch {
    return null;
  }
};

/** Keeps the offer token of the link this page was opened with (step 1 calls it with the page's query). */
export function useRememberOffer(params: URLSearchParams): void {
  const token = params.get('offer');
  useEffect(() => {
    try {
      if (token) sessionStorage.setItem(STORE_KEY, token);
    } catch {
      /* storage off: the offer is then shown on step 1 only */
    }
  }, [token]);
}

/** The offer of this page's link or held by this tab, while its places are held (an ended offer shows nothing). */
export function useHeldOffer(fromLink?: string | null): { token: string | null; offer: WaitingListOffer | undefined } {
  const token = fromLink || storedToken();
  const query = useQuery({
    queryKey: ['/api/waiting-list/offer', token],
    queryFn: () => apiGet<WaitingListOffer>(`/api/waiting-list/offer?token=${encodeURIComponent(token!)}`),
    enabled: !!token,
    retry: false,
    staleTime: 60_000,
  });
  return { token, offer: query.data };
}

/** Forgets the offer once a booking has been made with it. */
export function forgetOffer(): void {
  try {
    sessionStorage.removeItem(STORE_KEY);
  } catch {
    /* nothing stored */
  }
}

// Made when first asked: a page's first Intl object loads the browser's locale data (see shared/money.ts).
let clock: Intl.DateTimeFormat | undefined;
export const offerUntil = (offer: WaitingListOffer): string =>
  (clock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: VENUE_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  })).format(new Date(offer.expiresAt));

/** The offer's session is bookable for this family although it shows full to everyone else. */
export function withOfferChoice(
  choices: SessionChoice[],
  offer: WaitingListOffer | undefined,
  date: string,
): SessionChoice[] {
  if (!offer || offer.date !== date) return choices;
  const held = offer.sessionId ?? '';
  return choices.map((c) =>
    c.value === held ? { ...c, disabled: false, hint: `Held for you until ${offerUntil(offer)}` } : c,
  );
}
