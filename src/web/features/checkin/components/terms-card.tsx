import { ScrollText } from 'lucide-react';
import { useCatalogue } from '../../../app/catalogue';
import { KioskCard } from './kiosk-ui';

/** SPEC.md section 9 "Terms shown": the catalogue's house rules, as on the booking page. */
export function TermsCard() {
  const { visitTerms } = useCatalogue().visitRules;
  return (
    <KioskCard title="Terms and Conditions" icon={<ScrollText aria-hidden className="h-7 w-7 text-brand-700" />}>
      <ul className="list-disc space-y-2 pl-6 text-lg text-slate-800">
        {visitTerms.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    </KioskCard>
  );
}
