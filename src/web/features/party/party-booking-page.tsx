import { useSearchParams } from '../../app/router';
import type { PartyPackageType } from '../../../shared/party-options';
import { useCatalogue } from '../../app/catalogue';
import { PageShell } from '../../components/page-shell';
import { PackageCards } from './components/package-cards';
import { PartyInquiryForm } from './components/party-inquiry-form';
import { CateringPolicyCard, PartyHelpCard, telHref } from './components/party-info-cards';
import { choiceId } from './components/party-form-controls';

/**
 * /party-booking (SPEC.md "Party booking", sections 8 and 9): packages, the catering policy, the party
 * line, and the enquiry form. Parties are not booked online: staff reply to the enquiry.
 */
export function PartyBookingPage() {
  const [, setParams] = useSearchParams();
  const { venue } = useCatalogue();

  // A package card picks its package in the form (through ?package=, which the form follows) and
  // takes the visitor there, focus included, so keyboard and screen reader users land on the choice.
  const choose = (id: PartyPackageType) => {
    setParams({ package: id }, { replace: true, preventScrollReset: true });
    requestAnimationFrame(() => {
      document.getElementById(choiceId('packageType', id))?.focus();
    });
  };

  return (
    <PageShell
      title="Birthday Parties"
      intro={
        <>
          Party packages for ages 1-12, with a party room, decorations and drinks. Send us an inquiry and we&apos;ll
          plan the day with you, or call our party line on{' '}
          <a href={telHref(venue.partyLinePhone)} className="font-semibold whitespace-nowrap text-brand-800 underline">
            {venue.partyLinePhone}
          </a>
          .
        </>
      }
    >
      <div className="grid gap-8">
        <PackageCards onChoose={choose} />
        <div className="grid gap-6 lg:grid-cols-3">
          <div id="party-form" className="lg:col-span-2">
            <PartyInquiryForm />
          </div>
          <aside aria-label="Party information" className="grid content-start gap-6 lg:sticky lg:top-6 lg:self-start">
            <CateringPolicyCard />
            <PartyHelpCard />
          </aside>
        </div>
      </div>
    </PageShell>
  );
}
