import { ArrowLeft, CircleX, Hourglass } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../app/router';
import { longDate } from '../../../shared/date-text';
import { formatPence } from '../../../shared/money';
import { FirstView, LoadingBlock, PageShell } from '../../components/page-shell';
import type { PaymentOutcome } from '../../components/payment/payment-outcome';
import { PaymentPageLayout } from '../../components/payment/payment-page-layout';
import { ProviderPaymentForm } from '../../components/payment/provider-payment-form';
import { Card, secondaryButton } from '../../components/ui/primitives';
import { toast } from '../../components/ui/toast-store';
import { GiftVoucherApply } from '../../components/payment/gift-voucher-apply';
import { payPartyDue } from './online/pay-party-due';
import { readPendingParty, savePendingParty, type PendingParty } from './online/pending-party';
import { countdownText, useCountdown } from './online/use-countdown';

const backToBooking = (
  <Link to="/party-booking" className={secondaryButton}>
    <ArrowLeft aria-hidden className="h-5 w-5" />
    Back to party booking
  </Link>
);

/**
 * /party-booking/pay?id=..: the deposit for the party this tab has just held. The payment's secret and the
 * manage token come from session storage (never the address); the room is held until the countdown ends.
 */
export function PartyPaymentPage() {
  // The party is this tab's own (session storage): the prerendered first view is the frame, at its size.
  return (
    <FirstView
      shell={
        <PaymentPageLayout
          title="Pay Your Party Deposit"
          intro="Your party room is held for you while you pay the deposit."
          back={backToBooking}
          summary={<LoadingBlock label="Loading your party..." className="h-80" />}
        >
          <LoadingBlock label="Loading payment form..." className="mt-4 h-72" />
        </PaymentPageLayout>
      }
    >
      <PartyPayment />
    </FirstView>
  );
}

function PartyPayment() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const [party, setParty] = useState(() => readPendingParty(id));
  const left = useCountdown(party?.holdExpiresAt ?? null);
  const navigate = useNavigate();

  if (!party)
    return (
      <PageShell title="Pay Your Party Deposit">
        <Card>
          <div role="alert" className="flex gap-3 text-slate-900">
            <CircleX aria-hidden className="h-6 w-6 shrink-0 text-red-700" />
            <p>
              We couldn&apos;t find a party waiting for payment in this browser. Nothing has been charged: please choose
              your date and time again.
            </p>
          </div>
          <div className="mt-4">{backToBooking}</div>
        </Card>
      </PageShell>
    );

  const confirmedPath = `/party-booking/confirmed?id=${encodeURIComponent(party.partyId)}`;
  const expired = left !== null && left <= 0;
  // A gift voucher pays what it can at once: the card form is for what is left, or none when nothing is.
  const applyVoucher = async (code: string) => {
    const due = await payPartyDue(party.partyId, party.manageToken, code);
    const paidByVoucher = (party.giftVoucherPence ?? 0) + due.giftVoucherPence;
    if (due.paidInFull || !due.clientSecret) {
      toast({ title: 'Deposit paid', description: `Your gift voucher paid ${formatPence(paidByVoucher)}.` });
      navigate(confirmedPath);
      return;
    }
    const next = {
      ...party,
      clientSecret: due.clientSecret,
      amountPence: due.amountPence,
      giftVoucherPence: paidByVoucher,
    };
    savePendingParty(next);
    setParty(next);
  };
  const onOutcome = (o: PaymentOutcome) => {
    if (o.status === 'failed') {
      toast({ title: 'Payment Failed', description: o.message, variant: 'destructive' });
      return;
    }
    navigate(confirmedPath);
  };

  return (
    <PaymentPageLayout
      title="Pay Your Party Deposit"
      intro="Your party room is held for you while you pay the deposit."
      back={backToBooking}
      summary={<PartySummaryCard party={party} />}
    >
      {left !== null && !expired ? (
        <p className="mt-3 flex items-center gap-2 rounded-2xl bg-sun-300/30 p-3 text-slate-900">
          <Hourglass aria-hidden className="h-5 w-5 shrink-0 text-slate-700" />
          <span>
            Your room is held for another{' '}
            <span role="timer" aria-label="Time left to pay" className="font-bold tabular-nums">
              {countdownText(left)}
            </span>
            .
          </span>
        </p>
      ) : null}
      <div className="mt-4">
        {expired ? (
          <div role="alert" className="flex gap-3 rounded-2xl bg-red-50 p-4 text-slate-900">
            <CircleX aria-hidden className="h-6 w-6 shrink-0 text-red-700" />
            <p>
              The hold on your party room has ended and the room has been released. Nothing has been charged to your
              card
              {party.giftVoucherPence
                ? `, and the ${formatPence(party.giftVoucherPence)} from your gift voucher goes back on the voucher`
                : ''}
              . Please go back and choose your date and time again.
            </p>
          </div>
        ) : (
          <div className="grid gap-4">
            <GiftVoucherApply onApply={applyVoucher} />
            {party.giftVoucherPence ? (
              <p role="status" className="rounded-2xl bg-brand-50 p-3 text-slate-900">
                Your gift voucher paid {formatPence(party.giftVoucherPence)}. {formatPence(party.amountPence)} is left
                to pay by card.
              </p>
            ) : null}
            <ProviderPaymentForm
              key={party.clientSecret}
              clientSecret={party.clientSecret}
              amount={party.amountPence}
              returnPath={confirmedPath}
              onOutcome={onOutcome}
              submitLabel={
                party.giftVoucherPence
                  ? `Pay ${formatPence(party.amountPence)} by card`
                  : `Pay ${formatPence(party.amountPence)} deposit`
              }
            />
          </div>
        )}
      </div>
    </PaymentPageLayout>
  );
}

function PartySummaryCard({ party }: { party: PendingParty }) {
  const s = party.summary;
  return (
    <Card>
      <h2 className="text-xl font-bold text-slate-900">Your Party</h2>
      <p className="mt-1 text-slate-700">Reference {party.reference}</p>
      <dl className="mt-4 space-y-2 text-slate-900">
        <Row term="Date" value={longDate(s.date)} />
        <Row term="Time" value={s.slotLabel} />
        <Row term="Package" value={`${s.packageName} for ${s.children} children`} />
        {s.childFirstName ? <Row term="Birthday child" value={s.childFirstName} /> : null}
        <Row term="Total" value={formatPence(s.totalPence)} />
        {party.giftVoucherPence ? (
          <>
            <Row term="Deposit" value={formatPence(party.amountPence + party.giftVoucherPence)} />
            <Row term="Gift voucher" value={`−${formatPence(party.giftVoucherPence)}`} />
            <Row term="To pay by card" value={formatPence(party.amountPence)} strong />
          </>
        ) : (
          <Row term="Deposit today" value={formatPence(party.amountPence)} strong />
        )}
        {s.balanceDueDate ? (
          <Row term={`Balance due by ${longDate(s.balanceDueDate)}`} value={formatPence(s.balancePence)} />
        ) : null}
      </dl>
    </Card>
  );
}

function Row({ term, value, strong }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'text-lg font-bold text-brand-800' : ''}`}>
      <dt className={strong ? '' : 'text-slate-700'}>{term}</dt>
      <dd className="text-right font-semibold whitespace-nowrap">{value}</dd>
    </div>
  );
}
