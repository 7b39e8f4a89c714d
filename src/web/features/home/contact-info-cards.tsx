import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useCatalogue } from '../../app/catalogue';
import { SocialPlaceholders } from './social-placeholders';

const cardClass = 'rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200';
const rowLink =
  'inline-flex min-h-11 items-center gap-3 rounded-lg font-semibold text-brand-800 underline-offset-4 hover:underline';

export function OpeningHoursCard() {
  const { openingHours } = useCatalogue();
  return (
    <article aria-labelledby="hours-heading" className={cardClass}>
      <h3 id="hours-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Clock aria-hidden className="h-6 w-6 text-berry-700" /> Opening Hours
      </h3>
      <dl className="mt-4 divide-y divide-slate-100">
        {openingHours.days.map((d) => (
          <div key={d.days} className="flex flex-wrap justify-between gap-x-3 py-2 text-[0.9375rem] sm:text-base">
            <dt className="text-slate-700">{d.days}</dt>
            <dd className="font-semibold text-slate-900">{d.hours}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 rounded-2xl bg-amber-50 p-3 text-sm text-amber-900">{openingHours.lastEntryNote}</p>
    </article>
  );
}

export function GetInTouchCard() {
  const { venue } = useCatalogue();
  return (
    <article aria-labelledby="touch-heading" className={cardClass}>
      <h3 id="touch-heading" className="text-xl font-bold text-slate-900">
        Get in Touch
      </h3>
      <ul className="mt-3 grid gap-1">
        <li>
          <a href={venue.phoneHref} className={rowLink}>
            <Phone aria-hidden className="h-5 w-5" /> {venue.phone}
          </a>
        </li>
        <li>
          <a href={`mailto:${venue.email}`} className={`${rowLink} break-all`}>
            <Mail aria-hidden className="h-5 w-5 shrink-0" /> {venue.email}
          </a>
        </li>
        <li className="flex items-start gap-3 py-2 text-slate-700">
          <MapPin aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-800" />
          <address className="not-italic">{venue.fullAddress}</address>
        </li>
      </ul>
      <div className="mt-4">
        <SocialPlaceholders />
      </div>
    </article>
  );
}
