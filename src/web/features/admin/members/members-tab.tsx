import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  membershipStatusValues,
  type AdminMembershipsResponse,
  type MembershipStatus,
} from '../../../../shared/contracts/memberships';
import { useStaffMe } from '../../../api/staff-session';
import { primaryButton, textInput } from '../../../components/ui/primitives';
import { lastDayText, longDateOf, namesText, priceText, statusText } from '../../../lib/membership-text';
import { labelClass } from '../components/fields';
import { EmptyState, PanelHeader } from '../components/panel-parts';
import { Pill, type PillTone } from '../components/pill';
import { QueryState, UpdatedAt } from '../components/query-state';
import { MemberActions } from './member-actions';
import { useMembersList } from './members-api';

type Member = AdminMembershipsResponse['memberships'][number];

const tones: Record<MembershipStatus, PillTone> = {
  pending: 'sky',
  active: 'green',
  past_due: 'amber',
  paused: 'amber',
  cancelled: 'slate',
  ended: 'red',
};

/**
 * Staff tab "Members" (issue 40): find a membership by name, e-mail or member number, or by status; read
 * its plan, children and renewal date. Admins pause, resume or end one with a reason (audited); the
 * server's refusal shows under the reason.
 */
export function MembersTab() {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<MembershipStatus | ''>('');
  const list = useMembersList(q, status);
  const me = useStaffMe().data;
  const isAdmin = !!(me?.signedIn && me.kind === 'staff' && me.role === 'admin');

  function submit(e: FormEvent) {
    e.preventDefault();
    setQ(typed.trim());
  }

  return (
    <section aria-labelledby="admin-members-heading" className="max-w-4xl">
      <PanelHeader
        id="admin-members-heading"
        title="Members"
        intro="Find a member by name, e-mail or member number (M1001 or 1001). Admins can pause, resume or end a membership with a reason; every change is kept in the audit log."
      >
        <UpdatedAt query={list} what="members" />
      </PanelHeader>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={`${id}-q`} className={labelClass}>
            Name, e-mail or member number
          </label>
          <input
            id={`${id}-q`}
            className={textInput}
            type="search"
            autoComplete="off"
            maxLength={100}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <div className="min-w-0 basis-48">
          <label htmlFor={`${id}-status`} className={labelClass}>
            Status
          </label>
          <select
            id={`${id}-status`}
            className={textInput}
            value={status}
            onChange={(e) => setStatus(e.target.value as MembershipStatus | '')}
          >
            <option value="">Any status</option>
            {membershipStatusValues.map((s) => (
              <option key={s} value={s}>
                {statusText(s)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={primaryButton}>
          <Search aria-hidden className="h-5 w-5" />
          Find
        </button>
      </form>
      <QueryState query={list} what="members" />
      {list.data && list.data.memberships.length === 0 ? (
        <EmptyState title="No members found">
          {q || status ? 'Nothing matches that. Check the spelling, or choose Any status.' : 'No one has joined yet.'}
        </EmptyState>
      ) : null}
      <ul className="mt-4 space-y-3" aria-label="Members">
        {list.data?.memberships.map((m) => (
          <MemberRow key={m.id} member={m} isAdmin={isAdmin} />
        ))}
      </ul>
    </section>
  );
}

function MemberRow({ member: m, isAdmin }: { member: Member; isAdmin: boolean }) {
  const who = m.name ?? m.email;
  const titleId = `member-${m.id}`;
  const dateLabel =
    m.status === 'ended' ? 'Paid until' : m.cancelAtPeriodEnd || m.status === 'cancelled' ? 'Last day' : 'Renews';
  return (
    <li className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-bold text-slate-900 [overflow-wrap:anywhere]">
          {who} <span className="font-mono font-semibold text-slate-700">{m.memberNumber}</span>
        </h3>
        <Pill tone={tones[m.status]}>{statusText(m.status)}</Pill>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-slate-900 sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="font-semibold">Plan</dt>
        <dd>
          {m.planName}, {priceText(m.pricePence, m.period)}
        </dd>
        <dt className="font-semibold">Children</dt>
        <dd>{namesText(m.children.map((c) => c.firstName)) || 'None named'}</dd>
        <dt className="font-semibold">E-mail</dt>
        <dd className="[overflow-wrap:anywhere]">{m.email}</dd>
        <dt className="font-semibold">{dateLabel}</dt>
        <dd>
          {/* An end is the last day covered (as the family's page and mails say); a renewal, the next period's first. */}
          {m.renewsOn ? (dateLabel === 'Renews' ? longDateOf(m.renewsOn) : lastDayText(m.renewsOn)) : 'Not yet paid'}
        </dd>
        <dt className="font-semibold">Visits this period</dt>
        <dd data-testid="member-visits">{m.visitsThisPeriod}</dd>
        {m.statusReason ? (
          <>
            <dt className="font-semibold">Reason</dt>
            <dd>{m.statusReason}</dd>
          </>
        ) : null}
      </dl>
      {isAdmin ? <MemberActions id={m.id} status={m.status} who={who} /> : null}
    </li>
  );
}
