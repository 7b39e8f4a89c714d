import { EditorCard, SectionHeading, type SectionProps } from '../section-parts';
import { OfferHoursForm } from './offer-hours-form';

/** The waiting list document: how long an offer to the next family holds its places. */
export function WaitingListSection({ catalogue }: SectionProps) {
  const { value, version } = catalogue.waitingList;
  return (
    <div>
      <SectionHeading title="Waiting list">
        When places come up in a full session, the first family on its waiting list they fit is e-mailed an offer, and
        the places are held for them for this long. If they do not book in time, they are told, and the places go to the
        next family waiting.
      </SectionHeading>
      <div className="grid gap-4 xl:grid-cols-2">
        <EditorCard id="waiting-list-offer-hours" title="How long an offer is held">
          {(s) => (
            <OfferHoursForm
              key={value.offerHours}
              value={value}
              version={version}
              onStale={s.onStale}
              onSaved={s.clear}
            />
          )}
        </EditorCard>
      </div>
    </div>
  );
}
