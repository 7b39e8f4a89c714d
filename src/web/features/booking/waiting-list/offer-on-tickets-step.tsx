import { useSearchParams } from '../../../app/router';
import { useHeldOffer, useRememberOffer } from './held-offer';
import { OfferBanner } from './offer-banner';

/**
 * Step 1 opened from an offer e-mail's link: keeps the offer for step 2 and shows what is held. Loaded only
 * when the link has ?offer= (lazy in booking-page.tsx), so the usual first visit carries none of it.
 */
export function OfferOnTicketsStep() {
  const [params] = useSearchParams();
  useRememberOffer(params);
  const { offer } = useHeldOffer(params.get('offer'));
  if (!offer) return null;
  return (
    <div className="mb-4">
      <OfferBanner offer={offer} />
    </div>
  );
}
