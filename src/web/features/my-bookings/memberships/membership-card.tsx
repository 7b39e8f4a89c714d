import { IdCard, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FamilyMembership } from '../../../../shared/contracts/memberships';
import { cancelChoices, namesText, priceText, renewal, statusNote, statusText } from '../../../lib/membership-text';
import { CancelMembershipDialog } from './cancel-membership-dialog';
import { ReplaceCard } from './replace-card';
import { UpdateCard } from './update-card';

// Dark text on a pale fill (WCAG AA); the colour only repeats the word.
const green = 'bg-emerald-100 text-emerald-900 ring-emerald-300';
const amber = 'bg-amber-100 text-amber-900 ring-amber-300';
const slate = 'bg-slate-100 text-slate-800 ring-slate-300';
const tones: Record<FamilyMembership['status'], string> = {
  pending: amber,
  active: green,
  past_due: amber,
  paused: amber,
  cancelled: slate,
  ended: slate,
};

export const dangerButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-berry-700 bg-white px-5 py-2 font-semibold text-berry-700 transition hover:bg-berry-700 hover:text-white disabled:cursor-not-allowed disabled:opacity-60';

/** One membership: the plan, status, dates, the children, the member card, Update card (payment due) and Cancel. */
export function MembershipCard({ membership: m, email }: { membership: FamilyMembership; email: string }) {
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const messageRef = useRef<HTMLParagraphElement>(null);
  const titleId = `membership-${m.id}-title`;
  const choices = cancelChoices(m, new Date());
  const dates = renewal(m);
  const note = statusNote(m.status, m.paymentDue);
  const live = m.status !== 'ended' && m.status !== 'pending';

  const done = (text: string) => {
    setAsking(false);
    setMessage(text);
  };
  // The dialog's button is gone: the server's answer takes the focus, so it is read out. An effect, not a frame
  // later: it runs after the closing dialog has given the focus back, whatever the machine's load.
  useEffect(() => {
    if (message) messageRef.current?.focus();
  }, [message]);

  return (
    <article
      aria-labelledby={titleId}
      data-testid="membership"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-xl font-bold text-slate-900 sm:text-2xl">
          {m.planName}
        </h3>
        <span
          className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1 ${tones[m.status]}`}
          data-testid="membership-status"
        >
          {statusText(m.status)}
        </span>
      </div>
      {note ? <p className="mt-2 text-slate-800">{note}</p> : null}
      <dl className="mt-4 grid gap-x-4 gap-y-2 text-slate-900 sm:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="font-semibold">Member number</dt>
        <dd>{m.memberNumber}</dd>
        <dt className="font-semibold">Covers</dt>
        <dd>{namesText(m.children.map((c) => c.firstName))}</dd>
        <dt className="font-semibold">Price</dt>
        <dd>{priceText(m.pricePence, m.period)}</dd>
        {dates ? (
          <>
            <dt className="font-semibold" data-testid="membership-dates-label">
              {dates.label}
            </dt>
            <dd data-testid="membership-dates">{dates.date}</dd>
          </>
        ) : null}
      </dl>
      {live ? <MemberCard memberNumber={m.memberNumber} cardQr={m.cardQr} /> : null}
      {m.cardQr ? (
        <div className="mt-3">
          <ReplaceCard id={m.id} email={email} describedBy={titleId} onDone={done} />
        </div>
      ) : null}
      <p
        ref={messageRef}
        tabIndex={-1}
        role="status"
        className="mt-4 rounded-2xl bg-brand-50 p-3 font-semibold text-slate-900 focus:outline-none empty:hidden"
      >
        {message}
      </p>
      {m.paymentDue ? <UpdateCard membership={m} email={email} describedBy={titleId} onDone={done} /> : null}
      {choices.endOfPeriod || choices.coolingOff ? (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <button type="button" className={dangerButton} aria-describedby={titleId} onClick={() => setAsking(true)}>
            <XCircle aria-hidden className="h-5 w-5" />
            {/* Already ending at the period's end: what is left is the cooling-off refund. */}
            {choices.endOfPeriod ? 'Cancel membership' : 'Cancel now and get a refund'}
          </button>
        </div>
      ) : null}
      {asking ? (
        <CancelMembershipDialog
          membership={m}
          email={email}
          choices={choices}
          onClose={() => setAsking(false)}
          onDone={done}
        />
      ) : null}
    </article>
  );
}

/**
 * The member card: its QR (a signed token, never the member number) checks the family in at the kiosk for
 * a booking of that day; the member number is for staff to read or type at the desk.
 */
function MemberCard({ memberNumber, cardQr }: { memberNumber: string; cardQr?: string }) {
  return (
    <section
      aria-label="Member card"
      className="mt-5 flex flex-col items-start gap-4 rounded-2xl border-2 border-brand-700 bg-brand-50 p-4 sm:flex-row sm:items-center"
    >
      <IdCard aria-hidden className="h-10 w-10 shrink-0 text-brand-700" />
      <div className="min-w-0 sm:flex-1">
        <p className="text-sm font-semibold text-slate-700">Member card: scan it at the check-in kiosk</p>
        <p className="font-mono text-3xl font-bold tracking-wider text-slate-900" data-testid="member-number">
          {memberNumber}
        </p>
      </div>
      {cardQr ? (
        <img
          src={cardQr}
          width={144}
          height={144}
          alt={`Member card QR code for ${memberNumber}`}
          className="h-36 w-36 rounded-lg bg-white [image-rendering:pixelated]"
          data-testid="member-card-qr"
        />
      ) : null}
    </section>
  );
}
