import { EditorCard, SectionHeading, type SectionProps } from '../section-parts';
import type { Stale } from '../stale-alert';
import { AddressForm } from './address-form';
import { ContactForm } from './contact-form';
import { DirectionsForm } from './directions-form';
import { OpeningHoursForm } from './opening-hours-form';
import { SocialForm } from './social-form';

/**
 * The venue document in parts, each saved on its own. A form is keyed by its part's values: it starts
 * again when that part changes, and keeps what is typed when another part is saved.
 */
export function VenueDetailsSection({ catalogue }: SectionProps) {
  const { value: doc, version } = catalogue.venue;
  const { openingHours, address, social, directions, ...contacts } = doc;
  const props = (s: Stale) => ({ version, onStale: s.onStale, onSaved: s.clear });
  return (
    <div>
      <SectionHeading title="Venue details">
        The name, contacts, address, opening hours, social links and directions every page, e-mail and ticket shows.
      </SectionHeading>
      <div className="grid gap-4 xl:grid-cols-2">
        <EditorCard id="venue-contacts" title="Name and contacts">
          {(s) => <ContactForm key={JSON.stringify(contacts)} value={doc} {...props(s)} />}
        </EditorCard>
        <EditorCard id="venue-opening-hours" title="Opening hours">
          {(s) => <OpeningHoursForm key={JSON.stringify(openingHours)} value={openingHours} {...props(s)} />}
        </EditorCard>
        <EditorCard id="venue-address" title="Address">
          {(s) => <AddressForm key={JSON.stringify(address)} value={address} {...props(s)} />}
        </EditorCard>
        <EditorCard id="venue-social" title="Social links">
          {(s) => <SocialForm key={JSON.stringify(social)} value={social} {...props(s)} />}
        </EditorCard>
        <EditorCard id="venue-directions" title="Directions">
          {(s) => <DirectionsForm key={JSON.stringify(directions)} value={directions} {...props(s)} />}
        </EditorCard>
      </div>
    </div>
  );
}
