import { CalendarDays, CircleCheck, Clock, MapPin, PartyPopper } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { PartyInvitationView } from '../../../shared/contracts/party-booking';
import { longDate } from '../../../shared/date-text';
import { useParams } from '../../app/router';
import { PageShell } from '../../components/page-shell';
import { Card, secondaryButton, Spinner } from '../../components/ui/primitives';
import { problemText } from '../../lib/problem-text';
import { isDeadLink, useInvitation, useSendRsvp } from './api/party-invitation';
import { RsvpForm } from './components/rsvp-form';

/**
 * /party-invite/{token} (issue 28): a guest's invitation. It shows the birthday child's first name, when
 * and where, and nothing about anyone else invited (DECISIONS.md "Parties online"); the guest says whether
 * their child is coming and may change the answer later with the same link.
 */
export function PartyInvitePage() {
  const { token = '' } = useParams();
  return <PartyInvite key={token} token={token} />;
}

function PartyInvite({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const title = invitation.data
    ? `You’re invited to ${invitation.data.hostChildFirstName}’s party`
    : 'Party invitation';
  return (
    <PageShell title={title}>
      {invitation.isPending ? (
        <Spinner label="Opening your invitation..." />
      ) : invitation.isError ? (
        <Card className="max-w-2xl">
          <h2 className="text-xl font-bold text-slate-900">
            {isDeadLink(invitation.error) ? 'This invitation link does not work' : 'We could not open your invitation'}
          </h2>
          <p className="mt-2 text-slate-800">
            {isDeadLink(invitation.error)
              ? 'It may have been copied only in part, or the party may be over. Please ask the family who invited you to send it again.'
              : problemText(invitation.error)}
          </p>
          {isDeadLink(invitation.error) ? null : (
            <button type="button" onClick={() => void invitation.refetch()} className={`${secondaryButton} mt-3`}>
              Try again
            </button>
          )}
        </Card>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <PartyFacts invitation={invitation.data} />
          <Reply token={token} invitation={invitation.data} />
        </div>
      )}
    </PageShell>
  );
}

function PartyFacts({ invitation: i }: { invitation: PartyInvitationView }) {
  const row = 'flex items-start gap-3';
  const icon = 'mt-0.5 h-6 w-6 shrink-0 text-brand-700';
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <PartyPopper aria-hidden className="h-6 w-6 text-berry-700" />
        The party
      </h2>
      <ul className="mt-4 space-y-3 text-slate-800">
        <li className={row}>
          <CalendarDays aria-hidden className={icon} />
          <span>
            <span className="sr-only">Date: </span>
            {longDate(i.date)}
          </span>
        </li>
        <li className={row}>
          <Clock aria-hidden className={icon} />
          <span>
            <span className="sr-only">Time: </span>
            {i.slotLabel}
          </span>
        </li>
        <li className={row}>
          <MapPin aria-hidden className={icon} />
          <span>
            <span className="sr-only">Where: </span>
            <span className="font-semibold">{i.venueName}</span>
            <span className="block">{i.venueAddress}</span>
          </span>
        </li>
      </ul>
    </Card>
  );
}

/** The form until the guest has answered; then the answer, with a way to change it. */
function Reply({ token, invitation }: { token: string; invitation: PartyInvitationView }) {
  const send = useSendRsvp(token);
  const [editing, setEditing] = useState(invitation.rsvp === null);
  const [justSent, setJustSent] = useState(false);
  const answerRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justSent) answerRef.current?.focus();
  }, [justSent]);

  if (editing || invitation.rsvp === null)
    return (
      <RsvpForm
        invitation={invitation}
        onSend={async (body) => {
          await send(body);
          setJustSent(true);
          setEditing(false);
        }}
        onCancel={invitation.rsvp === null ? undefined : () => setEditing(false)}
      />
    );

  const coming = invitation.rsvp === 'coming';
  const child = invitation.guestChildFirstName ?? 'Your child';
  return (
    <Card>
      <h2
        ref={answerRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-xl font-bold text-slate-900 focus:outline-none"
      >
        <CircleCheck aria-hidden className="h-6 w-6 text-brand-700" />
        {justSent ? 'Thank you for your reply' : 'Your reply'}
      </h2>
      <p className="mt-2 text-slate-800" role={justSent ? 'status' : undefined} data-testid="rsvp-answer">
        {coming
          ? `${child} is coming to ${invitation.hostChildFirstName}’s party.`
          : `${child} can’t come to ${invitation.hostChildFirstName}’s party.`}
      </p>
      <button
        type="button"
        onClick={() => {
          setJustSent(false);
          setEditing(true);
        }}
        className={`${secondaryButton} mt-4`}
      >
        Change my reply
      </button>
    </Card>
  );
}
