import { PartyPopper } from 'lucide-react';
import type { PartyDetails, PartyInquiryDto } from '../../../../shared/contracts/admin-inquiries';
import type { PartiesDocument } from '../../../../shared/catalogue';
import { isPartyPackageType, partyPackageLabel } from '../../../../shared/party-options';
import { VENUE_TIME_ZONE } from '../../../../shared/venue';
import { useCatalogue } from '../../../app/catalogue';
import { toast } from '../../../components/ui/toast-store';
import { useBirthdayInquiries, useMarkPartyBooked } from '../api/admin-inquiries-api';
import { longDate } from '../../../../shared/date-text';
import { InquiryCard } from './inquiry-card';
import { Pill } from '../components/pill';
import { QueryState, UpdatedAt } from '../components/query-state';
import { EmptyState, PanelHeader, smallSecondary } from '../components/panel-parts';
import { useDraftFlow } from './use-draft-flow';

// The package's name as the catalogue has it now (an enquiry stores only the id).
const packageName = (parties: PartiesDocument, id?: string) =>
  isPartyPackageType(id) ? partyPackageLabel(parties, id) : (id ?? '');
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function PartyFacts({ details }: { details: PartyDetails }) {
  const { parties } = useCatalogue();
  const rows: [string, string | undefined][] = [
    [
      'Child',
      details.childName ? `${details.childName}${details.childAge ? `, turning ${details.childAge}` : ''}` : undefined,
    ],
    [
      'Date',
      details.partyDate
        ? isoDate.test(details.partyDate)
          ? longDate(details.partyDate)
          : details.partyDate
        : undefined,
    ],
    ['Time', details.partyTime],
    ['Children', details.numberOfChildren],
    ['Package', packageName(parties, details.packageType)],
    ['Dietary needs', details.dietaryRequirements],
    ['Special requests', details.specialRequests],
  ];
  return (
    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-2xl bg-sun-300/30 p-3 text-sm">
      {rows
        .filter(([, v]) => v && v.trim())
        .map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-semibold text-slate-900">{k}</dt>
            <dd className="break-words text-slate-800">{v}</dd>
          </div>
        ))}
    </dl>
  );
}

function MarkBookedButton({ inquiry }: { inquiry: PartyInquiryDto }) {
  const mark = useMarkPartyBooked();
  if (inquiry.partyBookedAt) return null;
  return (
    <button
      type="button"
      className={smallSecondary}
      disabled={mark.isPending}
      onClick={() =>
        mark.mutate(inquiry.id, {
          onSuccess: () =>
            toast({
              title: 'Party marked as booked',
              description: `${inquiry.details.childName ?? inquiry.name}'s party is booked.`,
            }),
          onError: (err) =>
            toast({ title: 'Failed to mark party as booked', description: err.message, variant: 'destructive' }),
        })
      }
    >
      <PartyPopper aria-hidden className="h-4 w-4" />
      {mark.isPending ? 'Saving...' : 'Mark Party as Booked'}
    </button>
  );
}

/** Staff tab "Birthday Parties": enquiries from the party page with what was asked for (polled every 30 s). */
export function BirthdayPartiesPanel() {
  const query = useBirthdayInquiries();
  const draft = useDraftFlow(true);
  const list = query.data?.inquiries ?? [];
  const waiting = list.filter((i) => !i.responded).length;

  return (
    <section aria-labelledby="admin-parties-heading">
      <PanelHeader
        id="admin-parties-heading"
        title="Birthday Party Inquiries"
        intro={
          query.data
            ? `${waiting} waiting for a reply. Draft Response checks the requested date against the booking calendar.`
            : 'Enquiries sent from the party booking page.'
        }
      >
        {query.data ? <UpdatedAt query={query} what="the party inquiries" /> : null}
      </PanelHeader>
      <QueryState query={query} what="party inquiries" />
      {query.data && list.length === 0 ? (
        <EmptyState title="No party inquiries yet">
          Enquiries sent from the Birthday Parties page (/party-booking) will appear here with the date, package and
          number of children.
        </EmptyState>
      ) : null}
      {list.length > 0 ? (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {list.map((inquiry) => (
            <InquiryCard
              key={inquiry.id}
              inquiry={inquiry}
              onDraft={(button) => draft.start(inquiry, button)}
              drafting={draft.draftingId === inquiry.id}
              extraActions={<MarkBookedButton inquiry={inquiry} />}
            >
              {inquiry.partyBookedAt ? (
                <p className="mt-2">
                  <Pill tone="sky">
                    Party booked{' '}
                    {new Date(inquiry.partyBookedAt).toLocaleDateString('en-GB', {
                      timeZone: VENUE_TIME_ZONE,
                      day: 'numeric',
                      month: 'short',
                    })}
                  </Pill>
                </p>
              ) : null}
              <PartyFacts details={inquiry.details} />
            </InquiryCard>
          ))}
        </ul>
      ) : null}
      {draft.dialog}
    </section>
  );
}
