import { Check, Clock, Crown, UserRound } from 'lucide-react';
import { formatPence } from '../../../../shared/money';
import type { PartiesDocument } from '../../../../shared/catalogue';
import { useCatalogue } from '../../../app/catalogue';
import { isPartyPackageType, type PartyPackageType } from '../../../../shared/party-options';
import { secondaryButton } from '../../../components/ui/primitives';

type PackageCard = {
  id: PartyPackageType;
  name: string;
  price: string;
  per: string;
  facts: string[];
  includes: readonly string[];
  featured?: boolean;
};

// Every price and fact comes from the catalogue (DECISIONS.md "The venue owns its catalogue"); the package
// ids are fixed, so only those the enquiry form offers are shown.
const cardsOf = ({ packages, privateHire }: PartiesDocument): PackageCard[] => [
  ...packages
    .filter((p) => isPartyPackageType(p.id))
    .map((p) => ({
      id: p.id as PartyPackageType,
      name: p.name,
      price: formatPence(p.perChildPence, { whole: true }),
      per: 'per child',
      facts: [p.hours, `${p.freeAdults} free adult`],
      includes: p.includes,
      featured: p.id === 'silver',
    })),
  {
    id: 'private-hire',
    name: 'Private Hire',
    price: formatPence(privateHire.pricePence, { whole: true }),
    per: 'flat fee',
    facts: [`Up to ${privateHire.maxChildren} children and ${privateHire.maxAdults} adults`],
    includes: [
      'Exclusive use of the whole barn',
      `Food and drinks optional: +${formatPence(privateHire.foodPerPersonPence, { whole: true })} a person`,
    ],
  },
];

// Narrower side padding than the shared button so "Choose Private Hire" fits one line in a 4-up row.
const chooseButton = `${secondaryButton.replace('px-5', 'px-3')} mt-4 w-full`;

const factIcon = (fact: string) => (/hour/.test(fact) ? Clock : UserRound);

/** The four party packages side by side (two on tablets, one on phones), each able to start the form. */
export function PackageCards({ onChoose }: { onChoose: (id: PartyPackageType) => void }) {
  const cards = cardsOf(useCatalogue().parties);
  return (
    <section aria-labelledby="party-packages-heading">
      <h2 id="party-packages-heading" className="text-2xl font-bold text-slate-900">
        Party Packages
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((c) => (
          <li
            key={c.id}
            className={`flex flex-col rounded-3xl border-2 bg-white p-5 shadow-sm ${c.featured ? 'border-brand-700' : c.id === 'private-hire' ? 'border-berry-700' : 'border-slate-200'}`}
          >
            <h3 className="flex items-center gap-2 text-xl font-bold text-slate-900">
              {c.id === 'private-hire' ? <Crown aria-hidden className="h-5 w-5 text-berry-700" /> : null}
              {c.name}
              {c.featured ? (
                <span className="ml-auto rounded-full bg-brand-700 px-3 py-1 text-xs font-bold text-white">
                  Most popular
                </span>
              ) : null}
            </h3>
            <p className="mt-2">
              <span className="text-3xl font-bold text-brand-800">{c.price}</span>{' '}
              <span className="text-slate-700">{c.per}</span>
            </p>
            <ul className="mt-3 space-y-1 text-slate-800">
              {c.facts.map((f) => {
                const Icon = factIcon(f);
                return (
                  <li key={f} className="flex items-start gap-2">
                    <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" />
                    {f}
                  </li>
                );
              })}
            </ul>
            <ul className="mt-3 flex-1 space-y-1 border-t border-slate-200 pt-3 text-slate-800">
              {c.includes.map((item) => (
                <li key={item} className="flex items-start gap-2">
                  <Check aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                  {item}
                </li>
              ))}
            </ul>
            <button type="button" className={chooseButton} onClick={() => onChoose(c.id)}>
              Choose {c.name}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
