import { useEffect } from 'react';
import type { WaitingListOffer } from '../../../../shared/contracts/waiting-list';
import type { BookingFields } from '../lib/use-submit-booking';

/**
 * Chooses the offer's date and session on the details step once the offer has loaded, unless the family
 * has already chosen a date (then it is theirs to change back).
 */
export function useOfferPreselect(
  offer: WaitingListOffer | undefined,
  selectedDate: string,
  set: <K extends keyof BookingFields>(field: K, value: BookingFields[K], recheck?: boolean) => void,
): void {
  const chosen = selectedDate !== '';
  useEffect(() => {
    if (!offer || chosen) return;
    set('selectedDate', offer.date, false);
    set('selectedTime', offer.sessionId ?? '', false);
    // Only when the offer arrives: `set` changes identity with each render of the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offer]);
}
