import { UserPlus } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { createStaffAccountSchema, type StaffRole } from '../../../../shared/contracts/staff';
import { passwordHint } from '../../../../shared/contracts/password-strength';
import { FieldError, primaryButton, textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useAddAccount } from '../api/staff-accounts-api';
import { PasswordField } from './password-field';
import { serverFieldErrors } from './server-fields';

type Fields = { username: string; displayName: string; role: StaffRole; password: string };
const empty: Fields = { username: '', displayName: '', role: 'staff', password: '' };

/** An admin adds a named account and tells the person their first password (they can change it). */
export function AddAccountForm() {
  const id = useId();
  const add = useAddAccount();
  const { values, errors, set, check, show, reset } = useZodForm<Fields>(empty, { afterChange: 'clear' });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = check(createStaffAccountSchema);
    if (!parsed.ok) return;
    add.mutate(parsed.data, {
      onSuccess: () => {
        reset();
        toast({
          title: 'Account added',
          description: `${parsed.data.displayName} can now sign in as ${parsed.data.username}.`,
        });
      },
      onError: (err) => {
        const fields = serverFieldErrors<Fields>(err);
        if (fields) show(fields);
        toast({ title: 'Account not added', description: err.message, variant: 'destructive' });
      },
    });
  }

  const label = 'mb-1 block font-semibold text-slate-900';
  const field = (
    name: 'username' | 'displayName',
    text: string,
    extra: { autoComplete: string; maxLength: number },
  ) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={label}>
        {text}
      </label>
      <input
        id={`${id}-${name}`}
        className={textInput}
        value={values[name]}
        onChange={(e) => set(name, e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-err` : undefined}
        {...extra}
      />
      <FieldError id={`${id}-${name}-err`} message={errors[name]} />
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold text-brand-800">
        <UserPlus aria-hidden className="h-5 w-5" />
        Add an account
      </h3>
      {field('displayName', 'Name', { autoComplete: 'off', maxLength: 80 })}
      {field('username', 'Username', { autoComplete: 'off', maxLength: 40 })}
      <div>
        <label htmlFor={`${id}-role`} className={label}>
          Role
        </label>
        <select
          id={`${id}-role`}
          className={textInput}
          value={values.role}
          onChange={(e) => set('role', e.target.value as StaffRole)}
          aria-describedby={`${id}-role-hint`}
        >
          <option value="staff">Staff</option>
          <option value="admin">Admin</option>
        </select>
        <p id={`${id}-role-hint`} className="mt-1 text-sm text-slate-700">
          Staff use the dashboard, check-in and vouchers; admins also manage accounts and devices and read the audit
          log.
        </p>
      </div>
      <PasswordField
        label="First password"
        autoComplete="new-password"
        hint={passwordHint}
        value={values.password}
        onChange={(v) => set('password', v)}
        error={errors.password}
      />
      <button type="submit" className={`${primaryButton} w-full`} disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add account'}
      </button>
    </form>
  );
}
