import { KeyRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { changeOwnPasswordSchema } from '../../../../shared/contracts/staff-accounts';
import { passwordHint } from '../../../../shared/contracts/password-strength';
import { primaryButton } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useChangeOwnPassword } from '../api/staff-accounts-api';
import { PasswordField } from './password-field';
import { serverFieldErrors } from './server-fields';

type Fields = { currentPassword: string; newPassword: string; confirm: string };
const empty: Fields = { currentPassword: '', newPassword: '', confirm: '' };

/** Everyone's own password: the current one first; other browsers signed in as you are signed out. */
export function ChangePasswordForm() {
  const change = useChangeOwnPassword();
  const { values, errors, set, check, show, reset } = useZodForm<Fields>(empty, { afterChange: 'clear' });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = check(changeOwnPasswordSchema, {
      also: (v) => (v.confirm !== v.newPassword ? { confirm: 'The two new passwords are not the same' } : {}),
    });
    if (!parsed.ok) return;
    change.mutate(parsed.data, {
      onSuccess: () => {
        reset();
        toast({
          title: 'Password changed',
          description: 'Use the new one next time. Anywhere else you were signed in has been signed out.',
        });
      },
      onError: (err) => {
        const fields = serverFieldErrors<Fields>(err);
        if (fields) show(fields);
        toast({ title: 'Password not changed', description: err.message, variant: 'destructive' });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="change-password-heading">
      <h3 id="change-password-heading" className="flex items-center gap-2 text-xl font-bold text-brand-800">
        <KeyRound aria-hidden className="h-5 w-5" />
        Change your password
      </h3>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={(v) => set('currentPassword', v)}
        error={errors.currentPassword}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint={passwordHint}
        value={values.newPassword}
        onChange={(v) => set('newPassword', v)}
        error={errors.newPassword}
      />
      <PasswordField
        label="New password again"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(v) => set('confirm', v)}
        error={errors.confirm}
      />
      <button type="submit" className={`${primaryButton} w-full`} disabled={change.isPending}>
        {change.isPending ? 'Changing...' : 'Change password'}
      </button>
    </form>
  );
}
