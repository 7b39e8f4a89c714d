import { Mail } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { FamilyPartyView } from '../../../../shared/contracts/party-booking';
import { Card, FieldError, primaryButton, textInput } from '../../../components/ui/primitives';
import { loadOnce } from '../../../lib/load-once';
import { problemText } from '../../../lib/problem-text';
import { sendPartyInvitations } from '../api/party-manage';
import { fieldProblem } from '../lib/api-field-error';
import { splitEmails, tooManyInvites } from '../lib/invite-emails';

// The party contract's schemas bring zod, a fifth of the page's script: they load once the family starts
// on this form (first focus), not with the page, and sending waits for them if need be.
const loadSchema = loadOnce(() => import('../../../../shared/contracts/party-booking'));

/**
 * Invitations by e-mail, up to the number of children in all. Each guest gets a link of their own to say
 * whether they are coming; the counts here are all the family sees (DECISIONS.md: guests see no one else).
 */
export function InviteGuests({
  party,
  token,
  canInvite,
  invitesLeft,
  onSent,
}: {
  party: FamilyPartyView;
  token: string | null;
  canInvite: boolean;
  invitesLeft: number;
  onSent: (message: string) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [general, setGeneral] = useState<string>();
  const [busy, setBusy] = useState(false);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const { sent, coming, notComing } = party.invitations;

  const fail = (message: string) => {
    setError(message);
    boxRef.current?.focus();
  };

  const checking = useRef(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (checking.current) return;
    setGeneral(undefined);
    checking.current = true;
    const loaded = await loadSchema().catch((err: unknown) => setGeneral(problemText(err)));
    checking.current = false;
    if (!loaded) return; // the schema's download failed (offline): said so, the next submit tries again
    const emails = splitEmails(text);
    const parsed = loaded.partyInvitationsSchema.safeParse({ emails });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const at = issue.path[1];
      return fail(typeof at === 'number' ? `${emails[at]}: ${issue.message}` : issue.message);
    }
    const tooMany = tooManyInvites(emails.length, invitesLeft);
    if (tooMany) return fail(tooMany);
    setError(undefined);
    setBusy(true);
    sendPartyInvitations(party.id, token, parsed.data.emails).then(
      (r) => {
        setBusy(false);
        setText('');
        onSent(
          `Invitations sent to ${r.sent} ${r.sent === 1 ? 'guest' : 'guests'}. You can invite ${r.remaining} more.`,
        );
      },
      (err: unknown) => {
        setBusy(false);
        const p = fieldProblem(err, 'emails');
        if (p.field) fail(p.field);
        else setGeneral(p.general);
      },
    );
  };

  const boxId = `${id}-emails`;
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Mail aria-hidden className="h-6 w-6 text-brand-700" />
        Invite guests
      </h2>
      <dl className="mt-4 grid grid-cols-3 gap-3 text-center" data-testid="invitation-counts">
        {[
          ['Invited', sent],
          ['Coming', coming],
          ['Not coming', notComing],
        ].map(([label, value]) => (
          <div key={label} className="rounded-2xl bg-brand-50 p-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {canInvite ? (
        <form
          onSubmit={(e) => void submit(e)}
          onFocus={() => void loadSchema().catch(() => undefined)}
          noValidate
          className="mt-5 space-y-3"
        >
          <div>
            <label htmlFor={boxId} className="block font-semibold text-slate-900">
              Guests’ e-mail addresses
            </label>
            <p id={`${boxId}-hint`} className="text-sm text-slate-700">
              One a line. Each guest gets an e-mail with {party.childFirstName}’s party details and a link to reply. You
              can invite {invitesLeft} more {invitesLeft === 1 ? 'guest' : 'guests'}.
            </p>
            <textarea
              ref={boxRef}
              id={boxId}
              rows={4}
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${boxId}-hint${error ? ` ${boxId}-error` : ''}`}
              className={`${textInput} mt-1`}
            />
            <FieldError id={`${boxId}-error`} message={error} />
          </div>
          {general ? (
            <p role="alert" className="rounded-2xl bg-red-50 p-3 text-slate-900">
              {general}
            </p>
          ) : null}
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? 'Sending...' : 'Send invitations'}
          </button>
        </form>
      ) : (
        <p className="mt-4 text-slate-800">
          {party.status !== 'confirmed'
            ? 'Invitations can go out once the party is booked.'
            : invitesLeft === 0
              ? 'Every child has an invitation. Replies show here as they come in.'
              : 'Replies show here as they come in.'}
        </p>
      )}
    </Card>
  );
}
