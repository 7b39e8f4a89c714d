import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Hourglass, Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '../../app/router';
import { longDate } from '../../../shared/date-text';
import { formatPence } from '../../../shared/money';
import { fetchFamilyParty } from '../../api/party-booking';
import { FirstView, LoadingBlock, PageShell } from '../../components/page-shell';
import { NoticeCard } from '../../components/notice-card';
import { Card, primaryButton, secondaryButton } from '../../components/ui/primitives';
import { removePendingParty } from './online/pending-party';
import { partyTokenFor } from '../../lib/party-token';

/** A card payment confirms in seconds: ask again every 2 s for about half a minute, then say so plainly. */
const POLL_MS = 2000;
const POLL_TIMES = 15;

/**
 * /party-booking/confirmed?id=..: asks the server (GET /api/parties/{id} with this tab's manage token) until
 * the deposit is confirmed: the page never trusts the payment form's word alone.
 */
export function PartyConfirmedPage() {
  // The party is this tab's own (its token in session storage): the prerendered first view is the frame.
  return (
    <FirstView
      shell={
        <PageShell title="Party Booking">
          <div className="mx-auto max-w-3xl space-y-6">
            <Confirming />
          </div>
        </PageShell>
      }
    >
      <PartyConfirmed />
    </FirstView>
  );
}

/** About the height of the confirmed party's card, so the page does not move when it arrives. */
const Confirming = () => <LoadingBlock label="Confirming your payment..." className="h-96" />;

function PartyConfirmed() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const [token] = useState(() => (id ? partyTokenFor(id) : null));
  const queryKey = ['/api/parties', id];
  const party = useQuery({
    queryKey,
    enabled: !!id && !!token,
    queryFn: () => fetchFamilyParty(id!, token!),
    refetchInterval: (q) =>
      q.state.data?.status === 'held' && q.state.dataUpdateCount <= POLL_TIMES ? POLL_MS : false,
  });
  const status = party.data?.status;
  const updates = useQueryClient().getQueryState(queryKey)?.dataUpdateCount ?? 0;
  const stillWaiting = status === 'held' && updates <= POLL_TIMES;
  useEffect(() => {
    if (status === 'confirmed') removePendingParty(); // paid: the payment step is over
  }, [status]);

  return (
    <PageShell title={status === 'confirmed' ? 'Party Confirmed' : 'Party Booking'}>
      <div className="mx-auto max-w-3xl space-y-6">
        {!id || !token ? (
          <NoticeCard
            icon={<CircleX aria-hidden className="h-8 w-8 shrink-0 text-red-700" />}
            title="We couldn't find your party"
          >
            <p>
              This page only works in the browser the party was booked in. Your confirmation e-mail has the link to
              manage your party, or call our party line and we&apos;ll look it up.
            </p>
          </NoticeCard>
        ) : party.isPending || stillWaiting ? (
          <Confirming />
        ) : party.isError ? (
          <NoticeCard
            icon={<CircleX aria-hidden className="h-8 w-8 shrink-0 text-red-700" />}
            title="We couldn't load your party"
          >
            <p>If you have paid, your confirmation e-mail is on its way. Otherwise please call our party line.</p>
          </NoticeCard>
        ) : party.data.status === 'held' ? (
          <NoticeCard
            icon={<Hourglass aria-hidden className="h-8 w-8 shrink-0 text-amber-700" />}
            title="Your payment is still being confirmed"
          >
            <p>
              We&apos;re waiting to hear from the bank. You&apos;ll get a confirmation e-mail as soon as the deposit is
              paid; if it is not, the room is released and nothing is charged.
            </p>
          </NoticeCard>
        ) : party.data.status !== 'confirmed' ? (
          <NoticeCard
            icon={<CircleX aria-hidden className="h-8 w-8 shrink-0 text-red-700" />}
            title="This party is not booked"
          >
            <p>
              {party.data.status === 'expired'
                ? 'The hold ended before the deposit was paid, so the room was released. Nothing has been charged, and anything a gift voucher paid is back on the voucher.'
                : 'This party has been cancelled.'}{' '}
              Please{' '}
              <Link to="/party-booking" className="font-semibold text-brand-800 underline">
                choose a date again
              </Link>{' '}
              or call our party line.
            </p>
          </NoticeCard>
        ) : (
          <ConfirmedParty party={party.data} />
        )}
      </div>
    </PageShell>
  );
}

function ConfirmedParty({ party }: { party: NonNullable<Awaited<ReturnType<typeof fetchFamilyParty>>> }) {
  return (
    <>
      <Card>
        <div className="flex gap-4">
          <CircleCheck aria-hidden className="h-8 w-8 shrink-0 text-brand-700" />
          <div>
            <h2 className="text-2xl font-bold text-slate-900">{party.childFirstName}’s party is booked</h2>
            <p className="mt-1 text-slate-800">Thank you! Your deposit is paid and your party room is yours.</p>
          </div>
        </div>
        <dl className="mt-5 grid gap-x-6 gap-y-3 text-slate-900 sm:grid-cols-2">
          <Fact term="Reference" value={party.reference} />
          <Fact term="Date" value={longDate(party.date)} />
          <Fact term="Time" value={party.slotLabel} />
          <Fact term="Room" value={party.roomName} />
          <Fact term="Package" value={`${party.packageName} for ${party.children} children`} />
          <Fact term="Total" value={formatPence(party.totalPence)} />
          <Fact term="Paid" value={formatPence(party.paidPence)} />
          <Fact
            term="Balance due"
            value={
              party.balancePence > 0
                ? `${formatPence(party.balancePence)} by ${longDate(party.balanceDueDate)}`
                : 'Nothing more to pay'
            }
          />
        </dl>
      </Card>
      <Card>
        <div className="flex gap-4">
          <Mail aria-hidden className="h-7 w-7 shrink-0 text-brand-700" />
          <div className="space-y-2 text-slate-800">
            <h2 className="text-xl font-bold text-slate-900">Check your e-mail</h2>
            <p>
              Your confirmation e-mail has a calendar file and the link to manage your party: pay the balance, change
              the number of children until {longDate(party.changeUntil)}, and send invitations to your guests.
            </p>
          </div>
        </div>
      </Card>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to={`/party/${encodeURIComponent(party.id)}`} className={primaryButton}>
          Manage your party
        </Link>
        <Link to="/" className={secondaryButton}>
          Back to the home page
        </Link>
      </div>
    </>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-slate-700">{term}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
}
