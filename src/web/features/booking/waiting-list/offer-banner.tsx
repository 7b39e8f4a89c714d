import { Hourglass } from 'lucide-react';
import type { WaitingListOffer } from '../../../../shared/contracts/waiting-list';
import { longDate } from '../../../../shared/date-text';
import { offerUntil } from './held-offer';

/** "We are holding N places for you until HH:MM": the top of the booking page opened from an offer e-mail. */
export function OfferBanner({ offer }: { offer: WaitingListOffer | undefined }) {
  if (!offer) return null;
  const places = offer.places === 1 ? '1 place' : `${offer.places} places`;
  return (
    <div
      role="status"
      data-testid="waiting-list-offer"
      className="flex gap-3 rounded-2xl border-2 border-brand-700 bg-brand-50 p-4"
    >
      <Hourglass aria-hidden className="h-6 w-6 shrink-0 text-brand-700" />
      <div>
        <p className="font-bold text-slate-900">
          We are holding {places} for you until {offerUntil(offer)}
        </p>
        <p className="text-slate-800">
          {offer.sessionLabel} on {longDate(offer.date)}. Book with the e-mail address the offer was sent to.
        </p>
      </div>
    </div>
  );
}
