import { Cake, Mail, Phone, UtensilsCrossed } from 'lucide-react';
import { phoneHrefOf } from '../../../../shared/catalogue';
import { useCatalogue } from '../../../app/catalogue';
import { Card } from '../../../components/ui/primitives';

// A UK number as an international tel: link (01632 960 124 -> tel:+441632960124), as the catalogue makes them.
export const telHref = phoneHrefOf;

/** SPEC.md section 9: no outside caterers; a birthday cake only to take home. */
export function CateringPolicyCard() {
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <UtensilsCrossed aria-hidden className="h-5 w-5 shrink-0 text-berry-700" />
        Catering Policy
      </h2>
      <ul className="mt-3 space-y-3 text-slate-800">
        <li>
          <strong className="text-slate-900">No external catering.</strong> Party food and drinks come from our own
          cafe, so we can check every allergen for you.
        </li>
        <li className="flex items-start gap-2">
          <Cake aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <span>
            <strong className="text-slate-900">Birthday cake welcome</strong>, as long as it is taken home and enjoyed
            off-site.
          </span>
        </li>
      </ul>
    </Card>
  );
}

/** The party line keeps its own hours (DECISIONS.md), longer than the play hours. */
export function PartyHelpCard() {
  const { venue } = useCatalogue();
  return (
    <Card className="border-sun-400 bg-sun-300/20">
      <h2 className="text-xl font-bold text-slate-900">Need Help Planning?</h2>
      <p className="mt-2 text-slate-800">Our party team is happy to talk you through packages, dates and food.</p>
      <a
        href={telHref(venue.partyLinePhone)}
        className="mt-3 inline-flex min-h-11 items-center gap-2 text-lg font-bold text-brand-800 underline"
      >
        <Phone aria-hidden className="h-5 w-5" />
        {venue.partyLinePhone}
      </a>
      <p className="text-slate-800">Party line open {venue.partyLineHours}</p>
      <a
        href={`mailto:${venue.email}`}
        className="mt-2 inline-flex min-h-11 items-center gap-2 break-all font-semibold text-brand-800 underline"
      >
        <Mail aria-hidden className="h-5 w-5 shrink-0" />
        {venue.email}
      </a>
    </Card>
  );
}
