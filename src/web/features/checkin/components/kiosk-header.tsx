import { visitLengthHours } from '../../../../shared/venue';
import { useCatalogue } from '../../../app/catalogue';
import { hoursByDay, sameHoursEveryDay } from '../../../app/opening-hours';

/** The kiosk's welcome: no links away, since the device stays on this page for the next family. */
export function KioskHeader() {
  const { venue, openingHours } = useCatalogue();
  const sameHours = sameHoursEveryDay(openingHours);
  return (
    <header className="bg-white">
      <div className="mx-auto max-w-5xl px-4 py-6 text-center sm:px-6 sm:py-8">
        <p className="font-display text-lg font-bold text-brand-800">{venue.name}</p>
        <h1 className="mt-1 text-3xl font-bold text-slate-900 sm:text-5xl">Welcome to Play Time!</h1>
        <p className="mt-3 text-lg text-slate-800 sm:text-xl">
          Open {sameHours ? `every day ${sameHours}` : hoursByDay(openingHours)}, last entry{' '}
          {openingHours.lastEntryLabel}. Play sessions last {visitLengthHours} hours.
        </p>
      </div>
    </header>
  );
}
