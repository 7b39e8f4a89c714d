import { useMutation } from '@tanstack/react-query';
import { Grid3x3 } from 'lucide-react';
import type { FormEvent } from 'react';
import { staffPinSchema } from '../../../../shared/contracts/till';
import { primaryButton } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { problemText } from '../../../lib/problem-text';
import { useZodForm } from '../../../lib/use-zod-form';
import { TextField } from '../components/fields';
import { setOwnPin } from '../till/api/till-api';
import { PasswordField } from './password-field';

type Fields = { pin: string; confirm: string; currentPassword: string };
const empty: Fields = { pin: '', confirm: '', currentPassword: '' };
const digits = (v: string) => v.replace(/\D/g, '').slice(0, 6);

/** Your own till PIN (issue 48): 4 to 6 digits, to switch user on a till device without the password. */
export function TillPinForm() {
  const { values, errors, set, check, reset } = useZodForm<Fields>(empty, { afterChange: 'clear' });
  const save = useMutation({ mutationFn: setOwnPin });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = check(staffPinSchema, {
      also: (v) => ({
        confirm: v.confirm !== v.pin ? 'The two PINs are not the same' : undefined,
        currentPassword: v.currentPassword ? undefined : 'Please enter your password',
      }),
    });
    if (!parsed.ok) return;
    save.mutate(
      { pin: parsed.data.pin, currentPassword: values.currentPassword },
      {
        onSuccess: () => {
          reset();
          toast({ title: 'Till PIN set', description: 'Use it with Switch user on a till.' });
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="till-pin-heading">
      <h3 id="till-pin-heading" className="flex items-center gap-2 text-xl font-bold text-brand-800">
        <Grid3x3 aria-hidden className="h-5 w-5" />
        Till PIN
      </h3>
      <p className="text-slate-700">
        4 to 6 digits. Five wrong tries lock the PIN for 15 minutes, never your password.
      </p>
      <TextField
        id="till-pin"
        label="New PIN"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        value={values.pin}
        onChange={(v) => set('pin', digits(v))}
        error={errors.pin}
      />
      <TextField
        id="till-pin-confirm"
        label="New PIN again"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        value={values.confirm}
        onChange={(v) => set('confirm', digits(v))}
        error={errors.confirm}
      />
      <PasswordField
        label="Your password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={(v) => set('currentPassword', v)}
        error={errors.currentPassword}
      />
      {save.isError ? (
        <p role="alert" className="font-semibold text-berry-700">
          {problemText(save.error)}
        </p>
      ) : null}
      <button type="submit" className={`${primaryButton} w-full`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Set till PIN'}
      </button>
    </form>
  );
}
