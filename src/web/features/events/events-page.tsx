import { Link } from '../../app/router';
import { LoadingBlock, PageShell } from '../../components/page-shell';
import { Card } from '../../components/ui/primitives';
import { formatPence } from '../../../shared/money';
import { useEvents } from './events-api';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/London' });

/** /events (issue 51): the special events on sale or coming. */
export function EventsPage() {
  const events = useEvents();
  return (
    <PageShell title="Special Events" intro="Santa's grotto, quiet sessions, toddler mornings and holiday clubs.">
      {events.isPending ? (
        <LoadingBlock label="Loading events..." className="h-48" />
      ) : events.isError ? (
        <p role="alert">We could not load the events just now. Please try again.</p>
      ) : events.data.events.length === 0 ? (
        <p>No special events are on sale just now.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {events.data.events.map((e) => (
            <li key={e.id}>
              <Card>
                <h2 className="text-2xl font-bold text-slate-900">
                  <Link to={`/events/${e.id}`} className="text-brand-800 underline">
                    {e.name}
                  </Link>
                </h2>
                <p className="mt-2 text-slate-700">{e.description}</p>
                <p className="mt-2 text-slate-900">
                  {formatPence(e.childPricePence)} a child, {formatPence(e.adultPricePence)} a grown-up
                </p>
                <p className="mt-1 text-slate-700">
                  {e.onSale ? `${e.placesLeft} places left` : `On sale ${when(e.onSaleAt)}`}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  );
}
