import { useState } from 'react';
import type { AdminCatalogue } from '../../../../../shared/catalogue';
import { todayInLondon } from '../../../../../shared/dates';
import { Pill } from '../../components/pill';
import { SelectField } from '../../components/fields';
import { smallSecondary } from '../../components/panel-parts';
import { StaleAlert, useStale } from '../stale-alert';
import { cardClass, SectionHeading, type SectionProps } from '../section-parts';
import { EVERY_BAND } from './band-history';
import { NewPriceForm } from './new-price-form';
import { PriceHistory } from './price-history';
import { TicketTypeForm } from './ticket-type-form';

function TicketTypeCard({
  type,
  catalogue,
}: {
  type: AdminCatalogue['ticketTypes'][number];
  catalogue: AdminCatalogue;
}) {
  const stale = useStale();
  const [editing, setEditing] = useState(false);
  const bands = catalogue.dayTypes.value.bands;
  // The band shown and priced; one that was removed meanwhile reads as every band.
  const [chosen, setChosen] = useState(EVERY_BAND);
  const bandId = bands.some((b) => b.id === chosen) ? chosen : EVERY_BAND;
  const today = todayInLondon(new Date());
  const headingId = `ticket-type-${type.id}`;
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h4 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-bold text-brand-800">
        {type.title}
        {type.active ? null : <Pill tone="slate">Not on sale</Pill>}
      </h4>
      <p className="text-sm text-slate-700">{type.ageRange}</p>
      <StaleAlert stale={stale} />
      <h5 className="mt-3 font-semibold text-slate-900">Prices</h5>
      {bands.length > 1 ? (
        <div className="mt-1 mb-3 max-w-xs">
          <SelectField
            id={`${headingId}-band`}
            label="Band of days"
            value={bandId}
            onChange={setChosen}
            options={[
              { value: EVERY_BAND, label: 'Every band' },
              ...bands.map((b) => ({ value: b.id, label: b.name })),
            ]}
            hint="Which days' prices to show and change."
          />
        </div>
      ) : null}
      <PriceHistory title={type.title} prices={type.prices} bands={bands} bandId={bandId} today={today} />
      {/* Keyed by version: after a save, or someone else's, the form starts from the current values. */}
      <NewPriceForm
        key={`price-${type.version}-${bandId}`}
        typeId={type.id}
        title={type.title}
        version={type.version}
        prices={type.prices}
        bands={bands}
        bandId={bandId}
        today={today}
        stale={stale}
      />
      <button
        type="button"
        className={`${smallSecondary} mt-4`}
        aria-expanded={editing}
        onClick={() => setEditing((v) => !v)}
      >
        {editing ? 'Close details' : 'Edit details'}
        <span className="sr-only"> of {type.title}</span>
      </button>
      {editing ? (
        <TicketTypeForm key={`type-${type.version}`} type={type} sessions={catalogue.sessions} stale={stale} />
      ) : null}
    </section>
  );
}

/** Each ticket type: its dated prices and a new one from a date, and its details. */
export function TicketTypesSection({ catalogue }: SectionProps) {
  return (
    <div>
      <SectionHeading title="Ticket prices & types">
        A new price applies to visits from its date on, on the days of its band (off-peak, peak: see Days and prices) or
        on every day; bookings already sold keep the price they were sold at, for refunds too.
      </SectionHeading>
      <div className="grid gap-4 xl:grid-cols-2">
        {catalogue.ticketTypes.map((t) => (
          <TicketTypeCard key={t.id} type={t} catalogue={catalogue} />
        ))}
      </div>
    </div>
  );
}
