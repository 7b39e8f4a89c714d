import type { OutboxMailDto } from '../../../../shared/contracts/admin-outbox';
import { VENUE_TIME_ZONE } from '../../../../shared/venue';
import { useOutbox } from '../api/admin-outbox-api';
import { Pill, type PillTone } from '../components/pill';
import { QueryState, UpdatedAt } from '../components/query-state';
import { EmptyState, PanelHeader } from '../components/panel-parts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    timeZone: VENUE_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

const statusBadge: Record<OutboxMailDto['status'], { label: string; tone: PillTone }> = {
  sent: { label: 'Sent', tone: 'green' },
  pending: { label: 'Waiting to send', tone: 'amber' },
  kept: { label: 'Kept here', tone: 'sky' },
};

function MailItem({ mail }: { mail: OutboxMailDto }) {
  const badge = statusBadge[mail.status];
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 break-words font-semibold text-slate-900">{mail.subject}</p>
        <Pill tone={badge.tone}>{badge.label}</Pill>
      </div>
      <p className="mt-1 break-words text-sm text-slate-700">
        To <span className="break-all">{mail.to}</span> · {when(mail.createdAt)}
        {mail.sentAt ? ` · sent ${when(mail.sentAt)}` : ''}
        {/* Only a mail still waiting has failed tries worth showing: kept ones were never tried on a server. */}
        {mail.status === 'pending' && mail.attempts > 0
          ? ` · ${mail.attempts} failed ${mail.attempts === 1 ? 'try' : 'tries'}, retrying`
          : ''}
      </p>
      {mail.lastError && mail.status === 'pending' ? (
        <p className="mt-1 break-words text-sm text-berry-700">Last error: {mail.lastError}</p>
      ) : null}
      <details className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-800 underline">
          Show message
        </summary>
        <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-xl bg-slate-50 p-3 font-sans text-sm text-slate-800">
          {mail.text}
        </pre>
      </details>
    </li>
  );
}

/**
 * Staff tab "Mail": the latest 100 e-mails (DECISIONS.md "E-mail"). With no SMTP server set up they
 * are kept here, so staff can read what a family was sent and pass it on by hand.
 */
export function MailOutboxPanel() {
  const query = useOutbox();
  const mails = query.data?.mails ?? [];
  const intro = !query.data
    ? 'E-mails the site sends to families and staff.'
    : query.data.smtpConfigured
      ? 'The latest e-mails and whether they were sent. Failed sends are retried automatically.'
      : 'No mail server is set up (SMTP_URL), so e-mails are kept here instead of being sent. Open one to read it or copy it to a family.';
  return (
    <section aria-labelledby="admin-mail-heading">
      <PanelHeader id="admin-mail-heading" title="Mail Outbox" intro={intro}>
        {query.data ? <UpdatedAt query={query} what="the e-mails" /> : null}
      </PanelHeader>
      <QueryState query={query} what="e-mails" />
      {query.data && mails.length === 0 ? (
        <EmptyState title="No e-mails yet">
          Booking confirmations and enquiry acknowledgements appear here as soon as they are created.
        </EmptyState>
      ) : null}
      {mails.length > 0 ? (
        <ul className="mt-4 space-y-3">
          {mails.map((m) => (
            <MailItem key={m.id} mail={m} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
