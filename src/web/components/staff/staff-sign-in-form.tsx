import { LockKeyhole } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { staffSignInSchema } from '../../../shared/contracts/staff';
import { useStaffSignIn } from '../../api/staff-session';
import { ApiError } from '../../lib/api';
import { useZodForm } from '../../lib/use-zod-form';
import { toast } from '../ui/toast-store';
import { Card, FieldError, primaryButton, textInput } from '../ui/primitives';

/** The password gate of the staff pages (SPEC.md "Admin"), checked by the server (DECISIONS.md). */
export function StaffSignInForm({ heading = 'Staff sign in', note }: { heading?: string; note?: string }) {
  const id = useId();
  const signIn = useStaffSignIn();
  const { values, errors, set, check } = useZodForm({ username: '', password: '' });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = check(staffSignInSchema);
    if (!parsed.ok) return;
    signIn.mutate(parsed.data, {
      onError: (err) => {
        set('password', '');
        if (err instanceof ApiError && err.status === 401)
          toast({ title: 'Access Denied', description: 'Incorrect password', variant: 'destructive' });
        else toast({ title: 'Sign-in failed', description: err.message, variant: 'destructive' });
      },
    });
  }

  return (
    <Card className="mx-auto w-full max-w-md">
      <div className="flex items-center gap-3">
        <LockKeyhole aria-hidden className="h-7 w-7 text-brand-700" />
        <h2 className="text-2xl font-bold text-brand-800">{heading}</h2>
      </div>
      {note ? <p className="mt-2 text-slate-700">{note}</p> : null}
      <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
        <div>
          <label htmlFor={`${id}-user`} className="mb-1 block font-semibold text-slate-800">
            Username
          </label>
          <input
            id={`${id}-user`}
            className={textInput}
            autoComplete="username"
            value={values.username}
            onChange={(e) => set('username', e.target.value)}
            aria-invalid={!!errors.username}
            aria-describedby={errors.username ? `${id}-user-err` : undefined}
          />
          <FieldError id={`${id}-user-err`} message={errors.username} />
        </div>
        <div>
          <label htmlFor={`${id}-pass`} className="mb-1 block font-semibold text-slate-800">
            Password
          </label>
          <input
            id={`${id}-pass`}
            type="password"
            className={textInput}
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => set('password', e.target.value)}
            aria-invalid={!!errors.password}
            aria-describedby={errors.password ? `${id}-pass-err` : undefined}
          />
          <FieldError id={`${id}-pass-err`} message={errors.password} />
        </div>
        <button type="submit" className={`${primaryButton} w-full`} disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
    </Card>
  );
}
