import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { openTillSessionSchema } from '../../../../../shared/contracts/till';
import { primaryButton, secondaryButton } from '../../../../components/ui/primitives';
import { ApiError } from '../../../../lib/api';
import { problemText } from '../../../../lib/problem-text';
import { useZodForm } from '../../../../lib/use-zod-form';
import { MoneyField, TextField } from '../../components/fields';
import { penceOr0, poundsErrors } from '../../venue/money';
import { openSessionOf, openTillSession, type TillSession } from '../api/till-api';
import type { DeviceTill } from '../lib/device-till';

type Fields = { till: string; float: string };

const deviceTill = (s: TillSession): DeviceTill => ({ sessionId: s.id, till: s.till });

/**
 * No till is open on this device: name it and count the float into the drawer. A till of that name already
 * open (on another device, or before this browser forgot it) can be carried on with here instead.
 */
export function OpenTillForm({ onOpened }: { onOpened: (till: DeviceTill) => void }) {
  const form = useZodForm<Fields>({ till: 'Till 1', float: '' }, { afterChange: 'clear' });
  const open = useMutation({ mutationFn: openTillSession });
  const resume = useMutation({ mutationFn: openSessionOf });
  const alreadyOpen = open.error instanceof ApiError && (open.error.code as string) === 'till_already_open';

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = form.check(openTillSessionSchema, {
      input: (v) => ({ till: v.till, floatPence: penceOr0(v.float) }),
      also: (v) => poundsErrors(v, ['float']),
    });
    if (!parsed.ok) return;
    open.mutate(parsed.data, { onSuccess: (s) => onOpened(deviceTill(s)) });
  }

  return (
    <section
      aria-labelledby="open-till-heading"
      className="mx-auto mt-6 max-w-md rounded-3xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="open-till-heading" className="text-2xl font-bold text-brand-800">
        Open a till
      </h2>
      <p className="mt-1 text-slate-700">No till is open on this device. Count the float into the drawer first.</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextField
          id="till-name"
          label="Till name"
          value={form.values.till}
          onChange={(v) => form.set('till', v)}
          error={form.errors.till}
          autoComplete="off"
        />
        <MoneyField
          id="till-float"
          label="Float in the drawer (£)"
          value={form.values.float}
          onChange={(v) => form.set('float', v)}
          error={form.errors.float ?? (form.errors as Record<string, string | undefined>).floatPence}
        />
        {open.isError || resume.isError ? (
          <p role="alert" className="font-semibold text-berry-700">
            {problemText(resume.error ?? open.error)}
          </p>
        ) : null}
        {alreadyOpen ? (
          <button
            type="button"
            className={`${secondaryButton} w-full`}
            disabled={resume.isPending}
            onClick={() =>
              resume.mutate(form.values.till.trim(), { onSuccess: (s) => (s ? onOpened(deviceTill(s)) : open.reset()) })
            }
          >
            Carry on with the open {form.values.till.trim()}
          </button>
        ) : null}
        <button type="submit" className={`${primaryButton} w-full`} disabled={open.isPending}>
          {open.isPending ? 'Opening...' : 'Open till'}
        </button>
      </form>
    </section>
  );
}
