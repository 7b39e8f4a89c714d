import { LockKeyhole } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { staffSignInSchema } from '../../../shared/contracts/staff';
import { useStaffSignIn } from '../../api/staff-session';
import { ApiError } from '../../lib/api';
import { toast } from '../ui/toast-store';
import { Card, FieldError, primaryButton, textInput } from '../ui/primitives';

/** The password gate of the staff pages (SPEC.md "Admin"), checked by the server (DECISIONS.md). */
export function StaffSignInForm({ heading = 'Staff sign in', note }: { heading?: string; note?: string }) {
  const id = useId();
  const signIn = useStaffSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = staffSignInSchema.safeParse({ username, password });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    signIn.mutate(parsed.data, {
      onError: (err) => {
        setPassword('');
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
            value={username}
            onChange={(e) => setUsername(e.target.value)}
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
            value={password}
            onChange={(e) => setPassword(e.target.value)}
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
