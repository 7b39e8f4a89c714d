import { useCatalogue } from '../../app/catalogue';
import { PageShell } from '../../components/page-shell';
import { keptRows } from './retention-text';
import { useRetentionPeriods, type RetentionState } from './use-retention-periods';

const h2 = 'text-2xl font-bold text-brand-800';
const section = 'rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';
const link = 'font-semibold text-brand-800 underline underline-offset-2';

/** Where a period is not known yet: a placeholder while it loads, words if it could not be loaded. */
function UnknownPeriod({ state }: { state: RetentionState }) {
  if (state.status === 'failed') return <>please ask us (see below)</>;
  return (
    <>
      <span
        aria-hidden
        className="inline-block h-4 w-20 max-w-full animate-pulse rounded bg-brand-100 align-middle motion-reduce:animate-none"
      />
      <span className="sr-only">loading</span>
    </>
  );
}

/**
 * /privacy (DECISIONS.md "Data rights and retention"): what we keep, why, for how long, who sees it,
 * the cookies we use and how to ask for a copy or erasure. Prerendered with the catalogue's contacts; the
 * periods are those the server's retention job applies (its RETAIN_* settings), asked for once the page
 * is live, so the page never states a default that is not in force.
 */
export function PrivacyPage() {
  const { venue } = useCatalogue();
  const retention = useRetentionPeriods();
  const rows = keptRows(retention.status === 'ready' ? retention.periods : null);
  return (
    <PageShell
      title="Privacy Notice"
      intro={
        <>
          How {venue.name} looks after the details you give us when you book a visit or a party, buy credits, send an
          enquiry or check in. We keep only what we need to run your visit, for as long as the table below says.
        </>
      }
    >
      <div className="grid max-w-4xl gap-6 text-slate-800">
        <section aria-labelledby="kept" className={section}>
          <h2 id="kept" className={h2}>
            What we keep, why and for how long
          </h2>
          {/* Read out, not shown: the periods' placeholders show it, and a line that went away would move the table. */}
          {retention.status === 'loading' && (
            <p role="status" className="sr-only">
              Loading how long we keep each kind of data...
            </p>
          )}
          {retention.status === 'failed' && (
            <p role="alert" className="mt-2 rounded-2xl bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300">
              We could not load how long we keep each kind of data just now. Please reload the page, or ask us.
            </p>
          )}
          <dl className="mt-4 grid gap-4">
            {rows.map((row) => (
              <div key={row.what} className="rounded-2xl bg-brand-50 p-3 sm:p-4">
                <dt className="font-semibold text-slate-900">{row.what}</dt>
                <dd className="mt-1">
                  <span className="font-semibold">Why: </span>
                  {row.why}.
                </dd>
                <dd className="mt-1">
                  <span className="font-semibold">How long: </span>
                  {row.howLong === null ? (
                    <>
                      {row.before}
                      <UnknownPeriod state={retention} />
                      {row.after}.
                    </>
                  ) : (
                    `${row.howLong}.`
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-4">
            A job runs every day to remove what has been kept long enough. We never sell your details or use them for
            advertising.
          </p>
        </section>

        <section aria-labelledby="who" className={section}>
          <h2 id="who" className={h2}>
            Who sees it
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-6">
            <li>Our staff, each with their own account; every change they make is logged.</li>
            <li>
              The check-in kiosk in our foyer shows only a first name, surname initial, session and party size: never
              e-mail addresses, phone numbers or amounts.
            </li>
            <li>
              The guests you invite to a party see its date, time and place and your child’s first name only: never your
              contact details, or who else was invited and what they replied. Their replies are seen by you (how many
              are coming) and our party team.
            </li>
            <li>Stripe, our payment provider, for card payments and refunds.</li>
            <li>Our e-mail provider, to deliver the e-mails we send you.</li>
          </ul>
        </section>

        <section aria-labelledby="cookies" className={section}>
          <h2 id="cookies" className={h2}>
            Cookies
          </h2>
          <p className="mt-3">
            We use only cookies the site needs to work, so there is no cookie banner. No analytics or advertising
            cookies.
          </p>
          <ul className="mt-3 list-disc space-y-2 pl-6">
            <li>
              <span className="font-semibold">Family session:</span> set when you confirm your e-mail address with the
              code we send, so this browser can show your bookings, credits and points. It lasts 30 days or until you
              sign out.
            </li>
            <li>
              <span className="font-semibold">Staff session:</span> for our staff when they sign in (12 hours).
            </li>
            <li>
              <span className="font-semibold">Kiosk:</span> marks our own check-in tablet in the foyer.
            </li>
          </ul>
        </section>

        <section aria-labelledby="rights" className={section}>
          <h2 id="rights" className={h2}>
            Your rights: a copy, a correction or erasure
          </h2>
          <p className="mt-3">
            You can ask us for a copy of everything we hold about your e-mail address, to correct it, or to erase it.
            Erasing removes your name, contact details, number plates and messages everywhere; the amounts of past
            payments stay in our accounts without your name. If you booked a party, the invitations you sent and your
            guests’ replies are deleted; if you replied to one, your child’s name and allergies are removed from your
            reply. Any session credits or points left are closed. You can book again afterwards as a new customer.
          </p>
          <p className="mt-3">
            To ask, e-mail{' '}
            <a href={`mailto:${venue.email}?subject=Data%20request`} className={link}>
              {venue.email}
            </a>{' '}
            from the address it is about, call{' '}
            <a href={venue.phoneHref} className={link}>
              {venue.phone}
            </a>{' '}
            or ask at reception. We reply within one month. If you are unhappy with how we handle your data, you can
            complain to the Information Commissioner&apos;s Office (ico.org.uk).
          </p>
        </section>

        <section aria-labelledby="contact" className={section}>
          <h2 id="contact" className={h2}>
            Who we are
          </h2>
          <p className="mt-3">{venue.name} is responsible for your data.</p>
          <address className="mt-2 not-italic">
            {venue.name}, {venue.fullAddress}
            <br />
            <a href={`mailto:${venue.email}`} className={link}>
              {venue.email}
            </a>
            {' · '}
            <a href={venue.phoneHref} className={link}>
              {venue.phone}
            </a>
          </address>
        </section>
      </div>
    </PageShell>
  );
}
