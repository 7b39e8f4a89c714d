import { History } from 'lucide-react';
import { useState } from 'react';
import type { AuditEntryDto, AuditLogQuery } from '../../../../shared/contracts/staff-accounts';
import { longDate } from '../../../../shared/date-text';
import { useAuditLog } from '../api/audit-log-api';
import { useStaffAccounts } from '../api/staff-accounts-api';
import { EmptyState, PanelHeader, smallSecondary } from '../components/panel-parts';
import { QueryState } from '../components/query-state';
import { formatDayAndTime } from '../lib/format';
import { AuditFilters } from './audit-filters';
import { describeAction, detailText } from './audit-text';

function Entry({ e }: { e: AuditEntryDto }) {
  const details = detailText(e);
  return (
    <li className="grid gap-1 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-[11rem_1fr]">
      <p className="text-sm font-semibold text-slate-700">
        <time dateTime={e.at}>{formatDayAndTime(e.at)}</time>
      </p>
      <div className="min-w-0">
        <p className="break-words text-slate-900">
          <strong>{e.actor}</strong> · {describeAction(e.action)}
        </p>
        <p className="text-sm break-words text-slate-700">
          {e.subjectType.replaceAll('_', ' ')} {e.subjectId}
          {details ? ` · ${details}` : ''}
        </p>
      </div>
    </li>
  );
}

const filterText = (q: AuditLogQuery) =>
  [
    q.actor ? `by ${q.actor}` : 'by everyone',
    q.from && q.from === q.to ? `on ${longDate(q.from)}` : '',
    q.from && q.from !== q.to ? `from ${longDate(q.from)}` : '',
    q.to && q.from !== q.to ? `to ${longDate(q.to)}` : '',
  ]
    .filter(Boolean)
    .join(' ');

/** Staff tab "Audit Log" (admins): every change staff made, newest first, by person and dates, 50 at a time. */
export function AuditLogTab() {
  const [filters, setFilters] = useState<AuditLogQuery>({});
  const query = useAuditLog(filters);
  const people = (useStaffAccounts().data?.accounts ?? []).map((a) => a.username);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-labelledby="admin-audit-heading">
      <PanelHeader
        id="admin-audit-heading"
        title="Audit Log"
        intro="Every change made in the staff area and at the kiosk: who, what and when. Nothing here can be edited."
      />
      <AuditFilters people={people} onApply={setFilters} />
      <h3 className="mt-6 flex items-center gap-2 text-xl font-bold text-brand-800" aria-live="polite">
        <History aria-hidden className="h-5 w-5" />
        Changes {filterText(filters)}
      </h3>
      <QueryState query={{ ...query, refetch: () => query.refetch() }} what="the audit log" />
      {query.data && entries.length === 0 ? (
        <EmptyState title="No changes found">Try another person or a wider date range.</EmptyState>
      ) : null}
      {entries.length ? (
        <ol className="mt-3 space-y-2">
          {entries.map((e) => (
            <Entry key={e.id} e={e} />
          ))}
        </ol>
      ) : null}
      {query.hasNextPage ? (
        <button
          type="button"
          className={`${smallSecondary} mt-4`}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Show older changes'}
        </button>
      ) : null}
    </section>
  );
}
