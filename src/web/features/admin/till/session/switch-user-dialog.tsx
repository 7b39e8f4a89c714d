import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMe } from '../../../../../shared/contracts/staff';
import { switchUserSchema } from '../../../../../shared/contracts/till';
import { staffMeKey } from '../../../../api/staff-session';
import { toast } from '../../../../components/ui/toast-store';
import { problemText } from '../../../../lib/problem-text';
import { useZodForm } from '../../../../lib/use-zod-form';
import { TextField } from '../../components/fields';
import { ConfirmDialog } from '../../venue/confirm-dialog';
import { reportKey, switchUser } from '../api/till-api';

type Fields = { username: string; pin: string };
const empty: Fields = { username: '', pin: '' };

/**
 * Another member of staff takes over this device with their PIN; the till stays open. Five wrong PINs lock
 * that PIN for 15 minutes (the server's rule), never the account's password.
 */
export function SwitchUserDialog({
  open,
  onClose,
  tillSessionId,
}: {
  open: boolean;
  onClose: () => void;
  /** The till open on this device: the switch hands it to the new user (the server checks it is ours). */
  tillSessionId: string;
}) {
  const qc = useQueryClient();
  const form = useZodForm<Fields>(empty, { afterChange: 'clear' });
  const action = useMutation({ mutationFn: switchUser });
  const close = () => {
    form.reset();
    action.reset();
    onClose();
  };
  function confirm() {
    const parsed = form.check(switchUserSchema);
    if (!parsed.ok) return;
    action.mutate(
      { ...parsed.data, tillSessionId },
      {
        // The answer is who is signed in now (the device's session is theirs); the till's other queries are kept.
        onSuccess: (now) => {
          const me = now as StaffMe | null;
          if (me?.signedIn) qc.setQueryData(staffMeKey, me);
          else void qc.invalidateQueries({ queryKey: staffMeKey });
          // The till is theirs now: its report names them as the one serving.
          void qc.invalidateQueries({ queryKey: reportKey(tillSessionId) });
          const name = me?.signedIn && me.kind === 'staff' ? me.displayName : parsed.data.username;
          toast({ title: 'User switched', description: `${name} is now serving on this till.` });
          close();
        },
      },
    );
  }
  return (
    <ConfirmDialog
      open={open}
      title="Switch user"
      confirmLabel="Switch"
      backLabel="Back"
      pending={action.isPending}
      onConfirm={confirm}
      onClose={close}
    >
      <TextField
        id="till-switch-username"
        label="Username"
        autoComplete="off"
        value={form.values.username}
        onChange={(v) => form.set('username', v)}
        error={form.errors.username}
      />
      <TextField
        id="till-switch-pin"
        label="PIN"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={form.values.pin}
        onChange={(v) => form.set('pin', v.replace(/\D/g, ''))}
        error={form.errors.pin}
      />
      {action.isError ? (
        <p role="alert" className="font-semibold text-berry-700">
          {problemText(action.error)}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
