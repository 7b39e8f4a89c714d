import { KeyRound, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import type { StaffAccountDto } from '../../../../shared/contracts/staff-accounts';
import { toast } from '../../../components/ui/toast-store';
import { useSetAccountActive } from '../api/staff-accounts-api';
import { Pill } from '../components/pill';
import { smallSecondary } from '../components/panel-parts';
import { formatDayAndTime } from '../lib/format';
import { ActionDialog } from './action-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';

const never = (iso: string | null) => (iso ? formatDayAndTime(iso) : 'never');

function AccountItem({ a, isMe, onAct }: { a: StaffAccountDto; isMe: boolean; onAct: (act: Act) => void }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-slate-900">{a.displayName}</span>
            <span className="text-slate-700">({a.username})</span>
            <Pill tone={a.role === 'admin' ? 'sky' : 'slate'}>{a.role === 'admin' ? 'Admin' : 'Staff'}</Pill>
            {a.active ? null : <Pill tone="red">Deactivated</Pill>}
            {isMe ? <Pill tone="green">You</Pill> : null}
          </p>
          <p className="mt-1 text-sm text-slate-700">
            Added {a.createdBy ? `by ${a.createdBy} ` : ''}on {formatDayAndTime(a.createdAt)} · Last signed in{' '}
            {never(a.lastSignInAt)} · Last seen {never(a.lastSeenAt)}
            {a.liveSessions > 0 ? ` · ${a.liveSessions} live ${a.liveSessions === 1 ? 'session' : 'sessions'}` : ''}
          </p>
        </div>
        {isMe ? null : (
          <div className="flex flex-wrap gap-2">
            {a.active ? (
              <>
                <button type="button" className={smallSecondary} onClick={() => onAct({ kind: 'reset', a })}>
                  <KeyRound aria-hidden className="h-4 w-4" />
                  Reset password<span className="sr-only"> for {a.displayName}</span>
                </button>
                <button type="button" className={smallSecondary} onClick={() => onAct({ kind: 'deactivate', a })}>
                  <UserX aria-hidden className="h-4 w-4" />
                  Deactivate<span className="sr-only"> {a.displayName}</span>
                </button>
              </>
            ) : (
              <button type="button" className={smallSecondary} onClick={() => onAct({ kind: 'reactivate', a })}>
                <UserCheck aria-hidden className="h-4 w-4" />
                Reactivate<span className="sr-only"> {a.displayName}</span>
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

type Act = { kind: 'reset' | 'deactivate' | 'reactivate'; a: StaffAccountDto };

/** Every account, active first. Your own account has no buttons here: use Change your password. */
export function AccountList({ accounts, myUsername }: { accounts: StaffAccountDto[]; myUsername: string }) {
  const [act, setAct] = useState<Act | null>(null);
  const setActive = useSetAccountActive();
  const close = () => setAct(null);
  const activeChange = act && act.kind !== 'reset' ? act : null;

  function confirmActive() {
    if (!activeChange) return;
    const { a, kind } = activeChange;
    setActive.mutate(
      { id: a.id, active: kind === 'reactivate' },
      {
        onSuccess: () => {
          close();
          toast({
            title: kind === 'deactivate' ? 'Account deactivated' : 'Account reactivated',
            description:
              kind === 'deactivate'
                ? `${a.displayName} is signed out everywhere and can no longer sign in.`
                : `${a.displayName} can sign in again with their password.`,
          });
        },
        onError: (err) => toast({ title: 'Nothing changed', description: err.message, variant: 'destructive' }),
      },
    );
  }

  return (
    <>
      <ul className="mt-3 space-y-3">
        {accounts.map((a) => (
          <AccountItem key={a.id} a={a} isMe={a.username === myUsername} onAct={setAct} />
        ))}
      </ul>
      <ActionDialog
        open={!!activeChange}
        title={activeChange?.kind === 'reactivate' ? 'Reactivate this account?' : 'Deactivate this account?'}
        confirmLabel={activeChange?.kind === 'reactivate' ? 'Reactivate' : 'Deactivate'}
        pending={setActive.isPending}
        onConfirm={confirmActive}
        onClose={close}
      >
        <p>
          {activeChange?.kind === 'reactivate'
            ? `${activeChange.a.displayName} will be able to sign in again with their password.`
            : `${activeChange?.a.displayName} is signed out at once, everywhere, and cannot sign in until an admin reactivates the account. Kiosk devices they started stop too; start them again from another account.`}
        </p>
      </ActionDialog>
      <ResetPasswordDialog account={act?.kind === 'reset' ? act.a : null} onClose={close} />
    </>
  );
}
