import { useEffect, useId, useState, type FormEvent } from 'react';
import type { AdminMembershipAction, MembershipStatus } from '../../../../shared/contracts/memberships';
import { adminActionsFor } from '../../../lib/membership-text';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { problemText } from '../../../lib/problem-text';
import { TextField } from '../components/fields';
import { smallPrimary, smallSecondary } from '../components/panel-parts';
import { useMemberAction } from './members-api';

const labels: Record<AdminMembershipAction, string> = { pause: 'Pause', resume: 'Resume', end: 'End' };
const doneText: Record<AdminMembershipAction, string> = {
  pause: 'The membership is paused.',
  resume: 'The membership is active again.',
  end: 'The membership has ended; nothing more will be charged.',
};

/** An admin's pause, resume or end of one membership, each with a required reason (audited). */
export function MemberActions({
  id: membershipId,
  status,
  who,
}: {
  id: string;
  status: MembershipStatus;
  who: string;
}) {
  const id = useId();
  const [action, setAction] = useState<AdminMembershipAction | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const mutation = useMemberAction();
  const focusReason = () => document.getElementById(`${id}-reason`)?.focus();
  const actions = adminActionsFor(status);

  useEffect(() => {
    if (action) document.getElementById(`${id}-reason`)?.focus();
  }, [action, id]);

  if (!actions.length) return null;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!action) return;
    if (reason.trim().length < 3) {
      setError('Please give a reason');
      focusReason();
      return;
    }
    setError('');
    mutation.mutate(
      { id: membershipId, action, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: `${labels[action]}: done`, description: doneText[action] });
          setAction(null);
          setReason('');
        },
        onError: (err) => {
          setError(err instanceof ApiError && err.fields?.reason ? err.fields.reason[0]! : problemText(err));
          focusReason();
        },
      },
    );
  }

  return (
    <div className="mt-3 border-t border-slate-200 pt-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label={`Change the membership of ${who}`}>
        {actions.map((a) => (
          <button
            key={a}
            type="button"
            className={action === a ? smallPrimary : smallSecondary}
            aria-pressed={action === a}
            onClick={() => {
              setError('');
              setAction(action === a ? null : a);
            }}
          >
            {labels[a]}
          </button>
        ))}
      </div>
      {action ? (
        <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-64">
            <TextField
              id={`${id}-reason`}
              label={`Reason to ${action}`}
              value={reason}
              maxLength={300}
              required
              onChange={setReason}
              error={error}
            />
          </div>
          <button type="submit" className={smallPrimary} disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving...' : `${labels[action]} membership`}
          </button>
        </form>
      ) : null}
    </div>
  );
}
