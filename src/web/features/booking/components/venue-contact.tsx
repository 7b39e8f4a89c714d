import { Mail, MapPin, Phone } from 'lucide-react';
import { useCatalogue } from '../../../app/catalogue';

/** How to reach the venue, from the catalogue. */
export function VenueContact() {
  const { venue } = useCatalogue();
  return (
    <section
      aria-labelledby="contact-title"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="contact-title" className="text-xl font-bold text-slate-900">
        Need Help?
      </h2>
      <ul className="mt-3 flex flex-col gap-2 text-slate-800 md:flex-row md:flex-wrap md:items-center md:gap-x-8">
        <li>
          <a
            href={venue.phoneHref}
            className="inline-flex min-h-11 items-center gap-3 font-semibold text-brand-800 hover:underline"
          >
            <Phone aria-hidden className="h-5 w-5" />
            {venue.phone}
          </a>
        </li>
        <li>
          <a
            href={`mailto:${venue.email}`}
            className="inline-flex min-h-11 items-center gap-3 font-semibold break-all text-brand-800 hover:underline"
          >
            <Mail aria-hidden className="h-5 w-5 shrink-0" />
            {venue.email}
          </a>
        </li>
        <li className="flex items-start gap-3 py-2 md:py-0">
          <MapPin aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <span>
            {venue.name}, {venue.fullAddress}
          </span>
        </li>
      </ul>
    </section>
  );
}
