import { useState } from 'react';
import { resetPasswordSchema } from '../../../../shared/contracts/staff-accounts';
import { passwordHint, weakPasswordReason } from '../../../../shared/contracts/password-strength';
import type { StaffAccountDto } from '../../../../shared/contracts/staff-accounts';
import { toast } from '../../../components/ui/toast-store';
import { useResetPassword } from '../api/staff-accounts-api';
import { ActionDialog } from './action-dialog';
import { PasswordField } from './password-field';
import { serverFieldErrors } from './server-fields';

/** An admin sets a new password for someone who forgot theirs, to tell them in person; they are signed out. */
export function ResetPasswordDialog({ account, onClose }: { account: StaffAccountDto | null; onClose: () => void }) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const close = () => {
    setPassword('');
    setError(undefined);
    onClose();
  };

  function confirm() {
    if (!account) return;
    const parsed = resetPasswordSchema.safeParse({ newPassword: password });
    const problem = parsed.success
      ? weakPasswordReason(password, account.username)
      : (parsed.error.issues[0]?.message ?? 'Please choose another password');
    if (problem) return setError(problem);
    reset.mutate(
      { id: account.id, newPassword: password },
      {
        onSuccess: () => {
          toast({
            title: 'Password reset',
            description: `Tell ${account.displayName} the new password in person. They have been signed out.`,
          });
          close();
        },
        onError: (err) => {
          setError(serverFieldErrors<{ newPassword: string }>(err)?.newPassword ?? err.message);
        },
      },
    );
  }

  return (
    <ActionDialog
      open={!!account}
      title={`Reset ${account?.displayName ?? ''}'s password`}
      confirmLabel="Reset password"
      pending={reset.isPending}
      onConfirm={confirm}
      onClose={close}
    >
      <p>They are signed out everywhere and sign in again with the new password; they can then change it.</p>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={passwordHint}
        value={password}
        onChange={(v) => {
          setPassword(v);
          setError(undefined);
        }}
        error={error}
      />
    </ActionDialog>
  );
}
