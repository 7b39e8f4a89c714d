import { ReceiptLink } from '../components/receipt-link';
import type { ReactNode } from 'react';
import type { BookingManagerDetail } from '../../../../shared/contracts/booking-manager';
import { longDate } from '../../../../shared/date-text';
import { todayInLondon } from '../../../../shared/dates';
import { formatPence } from '../../../../shared/money';
import { useCatalogue } from '../../../app/catalogue';
import { useBookingDetail } from '../api/booking-manager-api';
import { BookingChildren } from '../components/booking-family';
import { DayBadge } from '../components/day-badge';
import { QueryState } from '../components/query-state';
import { formatDayAndTime } from '../lib/format';
import { paymentMethodLabel } from '../payments/payment-result-card';
import { CancelForm } from './cancel-form';
import { MoveForm } from './move-form';
import { ResendButton } from './resend-button';
import { StatusPill } from './status-pill';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={title}>
      <h4 className="font-bold text-brand-800">{title}</h4>
      <div className="mt-2 text-slate-800">{children}</div>
    </section>
  );
}

const none = (what: string) => <p className="text-slate-700">{what}</p>;

const refundText = (p: BookingManagerDetail['payments'][number]) =>
  p.refundStatus === null
    ? ''
    : ` · refund ${formatPence(p.refundPence)} ${p.refundStatus === 'pending' ? '(on its way)' : '(done)'}`;

const actions: Record<string, string> = {
  confirmation_resent: 'Confirmation sent again',
  booking_cancelled: 'Cancelled',
  booking_moved: 'Moved',
  checked_in: 'Checked in',
  checked_out: 'Checked out',
};

/** An audit entry in words: "Cancelled, £10.50 refunded: the reason given". */
function auditText(a: BookingManagerDetail['audit'][number]): string {
  const what = actions[a.action] ?? a.action.replaceAll('_', ' ');
  const pence = a.details.refundPence;
  const refund =
    a.action === 'booking_cancelled' && typeof pence === 'number'
      ? pence > 0
        ? `, ${formatPence(pence)} refunded`
        : ', no refund'
      : '';
  const reason = typeof a.details.reason === 'string' ? `: ${a.details.reason}` : '';
  return `${what}${refund}${reason}`;
}

/** One booking as staff see it: who, when, lines, payments and refunds, check-ins, mails sent, audit entries. */
export function BookingDetailView({ id }: { id: string }) {
  const query = useBookingDetail(id);
  const { sessions } = useCatalogue();
  const state = <QueryState query={query} what="the booking" />;
  if (!query.data) return state;
  const b = query.data.booking;
  return (
    <article className="mt-4 space-y-4" aria-labelledby={`booking-${b.id}-heading`}>
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={`booking-${b.id}-heading`} className="font-mono text-xl font-bold text-slate-900">
          {b.reference}
        </h3>
        <StatusPill status={b.status} />
        <DayBadge visitDate={b.visitDate} today={todayInLondon(new Date())} />
      </div>
      {b.status === 'confirmed' ? (
        <div className="flex flex-wrap gap-3">
          <ResendButton id={b.id} email={b.customerEmail} />
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Block title="Family and visit">
          <p className="font-semibold break-words">{b.customerName}</p>
          <p className="break-words">{b.customerEmail}</p>
          <p>{b.customerPhone}</p>
          <p className="mt-2">
            {longDate(b.visitDate)} · {b.sessionLabel}
          </p>
          {b.specialRequests ? <p className="mt-2 break-words">Notes: {b.specialRequests}</p> : null}
          <p className="mt-2" data-testid="rules-of-play">
            {b.rulesOfPlayAccepted
              ? 'Rules of play: accepted'
              : 'Rules of play: not accepted yet (ask an adult to accept them at the door)'}
          </p>
          {b.children.length ? (
            <div className="mt-2">
              <p className="font-semibold">Children coming</p>
              <BookingChildren items={b.children} label="Children coming" />
            </div>
          ) : null}
          <p className="mt-2 text-sm text-slate-700">
            Booked {formatDayAndTime(b.createdAt)}
            {b.confirmedAt ? ` · paid ${formatDayAndTime(b.confirmedAt)}` : ''}
            {b.cancelledAt ? ` · cancelled ${formatDayAndTime(b.cancelledAt)}` : ''}
          </p>
        </Block>
        <Block title="Tickets">
          <ul>
            {b.lines.map((l) => (
              <li key={l.title}>
                {l.quantity} × {l.title} at {formatPence(l.unitPricePence)}
              </li>
            ))}
          </ul>
          <p className="mt-2 font-semibold">Total {formatPence(b.finalPence)}</p>
          {b.creditsUsed > 0 ? (
            <p className="text-sm">
              {b.creditsUsed} session credits used ({formatPence(b.creditSavingsPence)} off)
            </p>
          ) : null}
          {b.voucherDiscountPence > 0 ? (
            <p className="text-sm">Voucher: {formatPence(b.voucherDiscountPence)} off</p>
          ) : null}
        </Block>
        <Block title="Payments and refunds">
          {b.payments.length === 0 ? (
            none('No card payment.')
          ) : (
            <ul>
              {b.payments.map((p) => (
                <li key={p.id}>
                  {formatPence(p.amountPence)} · {p.status}
                  {p.methodType ? ` · ${paymentMethodLabel(p.methodType)}` : ''} · {formatDayAndTime(p.createdAt)}
                  {refundText(p)}
                  {p.receiptUrl ? (
                    <>
                      {' · '}
                      <ReceiptLink href={p.receiptUrl} />
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Block>
        <Block title="Check-ins">
          {b.checkIns.length === 0 ? (
            none('Not checked in.')
          ) : (
            <ul>
              {b.checkIns.map((c) => (
                <li key={c.checkedInAt}>
                  In {formatDayAndTime(c.checkedInAt)} ({c.checkedInBy})
                  {c.checkedOutAt ? `, out ${formatDayAndTime(c.checkedOutAt)} (${c.checkedOutBy ?? 'staff'})` : ''}
                </li>
              ))}
            </ul>
          )}
        </Block>
        <Block title="E-mails">
          {b.mails.length === 0 ? (
            none('No e-mails yet.')
          ) : (
            <ul className="space-y-1">
              {b.mails.map((m, i) => (
                <li key={i} className="break-words">
                  {m.subject} · {m.status === 'sent' ? 'sent' : m.status === 'kept' ? 'kept in the outbox' : 'waiting'}{' '}
                  · {formatDayAndTime(m.sentAt ?? m.createdAt)}
                </li>
              ))}
            </ul>
          )}
        </Block>
        <Block title="Staff history">
          {b.audit.length === 0 ? (
            none('No staff changes.')
          ) : (
            <ul className="space-y-1">
              {b.audit.map((a, i) => (
                <li key={i} className="break-words">
                  {formatDayAndTime(a.createdAt)} · {a.actor} · {auditText(a)}
                </li>
              ))}
            </ul>
          )}
        </Block>
      </div>
      {b.status === 'confirmed' ? (
        <MoveForm
          key={`${b.visitDate}:${b.sessionLabel}`}
          id={b.id}
          visitDate={b.visitDate}
          sessionId={sessions.find((s) => s.label === b.sessionLabel)?.id ?? null}
        />
      ) : null}
      {b.status === 'confirmed' ? <CancelForm id={b.id} refundablePence={b.refundablePence} /> : null}
    </article>
  );
}
