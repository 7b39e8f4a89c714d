import { lazy, Suspense } from 'react';
import { useSearchParams } from '../../app/router';
import type { PartyPackageType } from '../../../shared/party-options';
import { useCatalogue } from '../../app/catalogue';
import { PageShell } from '../../components/page-shell';
import { PackageCards } from './components/package-cards';
import { PartyInquiryForm } from './components/party-inquiry-form';
import { CateringPolicyCard, PartyHelpCard, telHref } from './components/party-info-cards';
import { choiceId } from './components/party-form-controls';
import { Card, Spinner } from '../../components/ui/primitives';

// The online booking needs today's date and the month's free slots, which a prerendered first view cannot
// know: it is its own chunk, drawn in the browser (the server's HTML shows the spinner).
const PartyOnlineBooking = lazy(async () => ({
  default: (await import('./online/party-online-booking')).PartyOnlineBooking,
}));

/**
 * /party-booking (SPEC.md "Party booking", sections 8 and 9; issue 28): booking a party online with a
 * deposit, the packages, the catering policy, the party line, and the enquiry form for what does not fit
 * online (25 or more children, special needs, questions), which staff answer.
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
          Party packages for ages 1-12, with a party room, decorations and drinks. Book a free date online and pay the
          deposit to hold your room, send us an inquiry and we&apos;ll plan the day with you, or call our party line on{' '}
          <a href={telHref(venue.partyLinePhone)} className="font-semibold whitespace-nowrap text-brand-800 underline">
            {venue.partyLinePhone}
          </a>
          .
        </>
      }
    >
      <div className="grid grid-cols-1 gap-8">
        <section id="book-online" aria-labelledby="book-online-heading" className="scroll-mt-4">
          <Card>
            <h2 id="book-online-heading" className="text-2xl font-bold text-slate-900">
              Book a Party Online
            </h2>
            <p className="mt-1 text-slate-700">
              Pick a free date and time, choose your package and pay the deposit to hold your party room. The balance is
              due 7 days before the party.
            </p>
            {/* The step is drawn in the browser, over the spinner the server sent: the space it takes at
                each width (a six-week month, loaded) is kept from the first paint, so the packages and the
                enquiry form below never jump down as it appears (Cumulative Layout Shift; layout-shift.e2e.ts). */}
            <div className="mt-5 min-h-[950px] min-[390px]:min-h-[870px] sm:min-h-[810px] md:min-h-[785px] lg:min-h-[600px]">
              <Suspense fallback={<Spinner label="Loading party dates..." />}>
                <PartyOnlineBooking />
              </Suspense>
            </div>
          </Card>
        </section>
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
