import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { todayInLondon } from '../../../shared/dates';
import { useLocation, useNavigate, useParams } from '../../app/router';
import { FirstView, LoadingBlock, PageShell } from '../../components/page-shell';
import { Card, secondaryButton } from '../../components/ui/primitives';
import { problemText } from '../../lib/problem-text';
import { isNotFound, useParty, useRefreshParty } from './api/party-manage';
import { BalancePayment } from './components/balance-payment';
import { ChangeChildrenForm } from './components/change-children-form';
import { InviteGuests } from './components/invite-guests';
import { PartyNotFound } from './components/party-not-found';
import { PartySummary } from './components/party-summary';
import { partyActions } from './lib/party-state';
import { takePartyToken } from '../../lib/party-token';

const intro = 'Everything about your party booking in one place.';
/** About the height of the party's summary, so the page does not move when it arrives. */
const PartyLoading = () => <LoadingBlock label="Loading your party..." className="h-96 max-w-2xl" />;

/**
 * /party/{id} (issue 28): the family's own party. The e-mailed link carries the manage token in its
 * fragment (#t=...): it is kept in this tab's session storage and taken out of the address bar at once,
 * so it is not left in the history or copied on with the link; requests send it as X-Party-Token. A
 * signed-in family (My Bookings) needs no token: its session cookie opens its own parties.
 */
export function PartyManagePage() {
  const { id = '' } = useParams();
  // Keyed by the party: opening another party starts afresh, with that party's token. Whose party it is is
  // known only in the browser (the token in the address's fragment): the server sends the frame for any id.
  return (
    <FirstView
      shell={
        <PageShell title="Your party" intro={intro}>
          <PartyLoading />
        </PageShell>
      }
    >
      <PartyManage key={id} id={id} />
    </FirstView>
  );
}

function PartyManage({ id }: { id: string }) {
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  // Read before the effect below takes the fragment away (the server and hydration render the shell only).
  const [token] = useState(() => takePartyToken(id, window.location.hash));
  useEffect(() => {
    if (hash) navigate(pathname, { replace: true });
  }, [hash, pathname, navigate]);

  const party = useParty(id, token);
  const refresh = useRefreshParty(id);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  // What just happened, in words, once the server's new view of the party has arrived.
  const done = (message: string) => {
    void refresh().then(() => setNotice(message));
  };

  const title = party.data ? `${party.data.childFirstName}’s party` : 'Your party';
  return (
    <PageShell title={title} intro={intro}>
      {party.isPending ? (
        <PartyLoading />
      ) : party.isError ? (
        isNotFound(party.error) ? (
          <PartyNotFound />
        ) : (
          <Card className="max-w-2xl">
            <h2 className="text-xl font-bold text-slate-900">We could not load your party</h2>
            <p className="mt-2 text-slate-800">{problemText(party.error)}</p>
            <button type="button" onClick={() => void party.refetch()} className={`${secondaryButton} mt-3`}>
              Try again
            </button>
          </Card>
        )
      ) : (
        <PartyDetails>
          {notice ? (
            <div
              ref={noticeRef}
              tabIndex={-1}
              role="status"
              className="flex gap-3 rounded-2xl border-2 border-brand-700 bg-white p-4 font-semibold text-slate-900 focus:outline-none lg:col-span-2"
            >
              <CircleCheck aria-hidden className="h-6 w-6 shrink-0 text-brand-700" />
              <p>{notice}</p>
            </div>
          ) : null}
          <div className="space-y-6">
            <PartySummary party={party.data} />
          </div>
          <PartyActionsColumn party={party.data} token={token} onDone={done} />
        </PartyDetails>
      )}
    </PageShell>
  );
}

function PartyDetails({ children }: { children: React.ReactNode }) {
  return <div className="grid items-start gap-6 lg:grid-cols-2">{children}</div>;
}

function PartyActionsColumn({
  party,
  token,
  onDone,
}: {
  party: NonNullable<ReturnType<typeof useParty>['data']>;
  token: string | null;
  onDone: (message: string) => void;
}) {
  const actions = partyActions(party, todayInLondon(new Date()));
  return (
    <div className="space-y-6">
      {actions.payBalance ? <BalancePayment party={party} token={token} onPaid={onDone} /> : null}
      {actions.changeChildren ? <ChangeChildrenForm party={party} token={token} onChanged={onDone} /> : null}
      <InviteGuests
        party={party}
        token={token}
        canInvite={actions.invite}
        invitesLeft={actions.invitesLeft}
        onSent={onDone}
      />
    </div>
  );
}
