import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { StaffGiftVoucherDetail, StaffGiftVoucherSummary } from '../../../../shared/contracts/gift-vouchers';
import { longDate } from '../../../../shared/date-text';
import { formatPence } from '../../../../shared/money';
import { useStaffMe } from '../../../api/staff-session';
import { primaryButton, textInput } from '../../../components/ui/primitives';
import { useSignInAgainOn } from '../api/staff-query';
import { EmptyState, PanelHeader, smallSecondary } from '../components/panel-parts';
import { Pill, type PillTone } from '../components/pill';
import { QueryState } from '../components/query-state';
import { formatDayAndTime } from '../lib/format';
import { GiftVoucherActions } from './gift-voucher-actions';
import { useGiftVoucherDetail, useGiftVoucherList } from './gift-vouchers-api';
import { LiabilityCard } from './liability-card';

const statusPill: Record<StaffGiftVoucherSummary['status'], { text: string; tone: PillTone }> = {
  active: { text: 'Active', tone: 'green' },
  pending_payment: { text: 'Waiting for payment', tone: 'amber' },
  expired: { text: 'Expired', tone: 'slate' },
  void: { text: 'Void', tone: 'red' },
};
const entryText: Record<StaffGiftVoucherDetail['history'][number]['kind'], string> = {
  purchase: 'Bought',
  redeem: 'Spent',
  refund_to_voucher: 'Given back',
  extend: 'Extended',
  void: 'Voided',
  reissue: 'Reissued',
};

const valueOf = (v: StaffGiftVoucherSummary) =>
  v.kind === 'visit' ? `${v.ticketTypeTitle ?? 'Play'} visit (${formatPence(v.initial)})` : formatPence(v.initial);

/**
 * Staff tab "Gift vouchers" (issue 29): find a voucher by its whole code, its last four, a name or an
 * e-mail, and read its history; admins extend, void or reissue it. Codes show only their last four.
 */
export function GiftVouchersTab() {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useGiftVoucherList(q);
  const detail = useGiftVoucherDetail(openId);
  const me = useStaffMe().data;
  const isAdmin = me?.signedIn && me.kind === 'staff' && me.role === 'admin';
  useSignInAgainOn(list.error ?? detail.error);

  function submit(e: FormEvent) {
    e.preventDefault();
    setOpenId(null);
    setQ(typed.trim());
  }

  return (
    <section aria-labelledby="admin-gift-vouchers-heading" className="max-w-4xl">
      <PanelHeader
        id="admin-gift-vouchers-heading"
        title="Gift vouchers"
        intro="Type a voucher's whole code, its last four characters, or a name or e-mail. Admins can extend, void or reissue a voucher; every change is kept in the audit log."
      />
      <form onSubmit={submit} noValidate className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={`${id}-q`} className="mb-1 block font-semibold text-slate-900">
            Code, last four, name or e-mail
          </label>
          <input
            id={`${id}-q`}
            className={textInput}
            autoComplete="off"
            maxLength={120}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <button type="submit" className={primaryButton}>
          <Search aria-hidden className="h-5 w-5" />
          Find
        </button>
      </form>
      <QueryState query={list} what="gift vouchers" />
      {list.data && list.data.vouchers.length === 0 ? (
        <EmptyState title="No gift vouchers found">
          {q ? 'Nothing matches that. Check the code, or try a name.' : 'No voucher has been sold yet.'}
        </EmptyState>
      ) : null}
      <ul className="mt-4 space-y-3">
        {list.data?.vouchers.map((v) => (
          <li key={v.id} className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-mono font-semibold text-slate-900">{v.maskedCode}</span>
                <Pill tone={statusPill[v.status].tone}>{statusPill[v.status].text}</Pill>
              </p>
              <button
                type="button"
                className={smallSecondary}
                aria-expanded={openId === v.id}
                onClick={() => setOpenId(openId === v.id ? null : v.id)}
              >
                {openId === v.id ? 'Close' : 'Open'}
              </button>
            </div>
            <p className="mt-1 text-slate-800">
              {valueOf(v)}, balance <strong>{formatPence(v.balance)}</strong>. For {v.recipientName}, from {v.buyerName}
              . Expires {longDate(v.expiresOn)}.
            </p>
            {openId === v.id && detail.data?.id === v.id ? (
              <VoucherDetail voucher={detail.data} isAdmin={!!isAdmin} onChanged={(n) => setOpenId(n.id)} />
            ) : null}
          </li>
        ))}
      </ul>
      {isAdmin ? <LiabilityCard /> : null}
    </section>
  );
}

function VoucherDetail({
  voucher,
  isAdmin,
  onChanged,
}: {
  voucher: StaffGiftVoucherDetail;
  isAdmin: boolean;
  onChanged: (v: StaffGiftVoucherDetail) => void;
}) {
  return (
    <div className="mt-3 rounded-2xl bg-slate-50 p-4">
      <dl className="grid gap-x-4 gap-y-1 text-slate-900 sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="font-semibold">Recipient</dt>
        <dd className="[overflow-wrap:anywhere]">
          {voucher.recipientName} ({voucher.recipientEmail})
        </dd>
        <dt className="font-semibold">Buyer</dt>
        <dd className="[overflow-wrap:anywhere]">
          {voucher.buyerName} ({voucher.buyerEmail})
        </dd>
        <dt className="font-semibold">Sent</dt>
        <dd>{voucher.sentAt ? formatDayAndTime(voucher.sentAt) : `Due ${longDate(voucher.sendOn)}`}</dd>
        {voucher.voidReason ? (
          <>
            <dt className="font-semibold">Void because</dt>
            <dd>
              {voucher.voidReason}
              {voucher.reissuedToMaskedCode ? ` (now ${voucher.reissuedToMaskedCode})` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      <h3 className="mt-4 font-bold text-slate-900">History</h3>
      <ol className="mt-2 space-y-1 text-slate-800">
        {voucher.history.map((h, i) => (
          <li key={i}>
            {formatDayAndTime(h.at)}: {entryText[h.kind]}
            {h.amount ? ` ${formatPence(Math.abs(h.amount))}` : ''}
            {h.kind === 'extend' && h.expiresOnAfter ? ` to ${longDate(h.expiresOnAfter)}` : ''}
            {h.otherMaskedCode ? ` (${h.otherMaskedCode})` : ''}, balance {formatPence(h.balanceAfter)}, by {h.actor}
            {h.reason ? `: ${h.reason}` : ''}
          </li>
        ))}
      </ol>
      {isAdmin ? <GiftVoucherActions voucher={voucher} onChanged={onChanged} /> : null}
    </div>
  );
}
