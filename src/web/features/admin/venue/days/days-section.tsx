import { todayInLondon } from '../../../../../shared/dates';
import { EditorCard, SectionHeading, type SectionProps } from '../section-parts';
import type { Stale } from '../stale-alert';
import { BandsForm } from './bands-form';
import { BankHolidaysUpload } from './bank-holidays-upload';
import { OverridesForm } from './overrides-form';
import { SchoolHolidaysForm } from './school-holidays-form';
import { TermDatesUpload } from './term-dates-upload';

/**
 * Prices by day and season (issue 38, DECISIONS.md "Prices by day and season"): the bands of days and their
 * rules, single dates, school holidays (typed, or the council's .ics) and bank holidays. Each card saves its
 * own part and is keyed by it, so a form starts again when its part changes and keeps what is typed when
 * another card saves.
 */
export function DaysSection({ catalogue }: SectionProps) {
  const { dayTypes, holidays } = catalogue;
  const today = todayInLondon(new Date());
  const props = (s: Stale) => ({ onStale: s.onStale, onSaved: s.clear });
  // The bands form depends on which bands have prices too (a new band asks for them).
  const bandsKey = JSON.stringify([
    dayTypes.version,
    catalogue.ticketTypes.map((t) => [t.id, t.active, [...new Set(t.prices.map((p) => p.bandId))]]),
  ]);
  return (
    <div>
      <SectionHeading title="Days and prices">
        Every date is in one band of days, off-peak or peak unless you add another, and each ticket type has a price per
        band. Families see each day&apos;s band and its price from on the booking calendar; bookings already sold keep
        their price.
      </SectionHeading>
      {/* The bands beside single dates and bank holidays; the school holidays' rows (two dates and a name) need the width. */}
      <div className="grid gap-4 xl:grid-cols-2">
        <EditorCard id="days-bands" title="Bands and rules">
          {(s) => <BandsForm key={bandsKey} catalogue={catalogue} {...props(s)} />}
        </EditorCard>
        <div className="grid content-start gap-4">
          <EditorCard id="days-overrides" title="Single dates">
            {(s) => (
              <OverridesForm
                key={JSON.stringify(dayTypes)}
                doc={dayTypes.value}
                version={dayTypes.version}
                today={today}
                {...props(s)}
              />
            )}
          </EditorCard>
          <EditorCard id="days-bank-holidays" title="Bank holidays">
            {(s) => (
              <BankHolidaysUpload
                bankHolidays={holidays.value.bankHolidays}
                version={holidays.version}
                today={today}
                {...props(s)}
              />
            )}
          </EditorCard>
        </div>
        <div className="min-w-0 xl:col-span-2">
          <EditorCard id="days-school-holidays" title="School holidays">
            {(s) => (
              <div className="space-y-6">
                <TermDatesUpload version={holidays.version} {...props(s)} />
                <SchoolHolidaysForm
                  key={JSON.stringify(holidays.value.schoolHolidays)}
                  periods={holidays.value.schoolHolidays}
                  version={holidays.version}
                  {...props(s)}
                />
              </div>
            )}
          </EditorCard>
        </div>
      </div>
    </div>
  );
}
