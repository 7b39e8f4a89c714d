import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { registerReaderSchema, type RegisterReaderInput } from '../../../../../shared/contracts/till';
import { toast } from '../../../../components/ui/toast-store';
import { apiGet, apiPost, apiRequest } from '../../../../lib/api';
import { problemText } from '../../../../lib/problem-text';
import { useZodForm } from '../../../../lib/use-zod-form';
import { TextField } from '../../components/fields';
import { smallPrimary, smallSecondary } from '../../components/panel-parts';
import { QueryState } from '../../components/query-state';
import type { TillReaders } from '../../till/api/till-api';

const url = '/api/admin/till/readers';
const key = [url] as const;

/** The Stripe Terminal readers: registered by the code a reader shows, named for the till that uses it. */
export function ReadersCard() {
  const qc = useQueryClient();
  const readers = useQuery({
    queryKey: key,
    // The TEST MODE Simulated reader is built in: listed at the till, never registered or removed here.
    queryFn: async () => (await apiGet<TillReaders>(url)).readers.filter((r) => !r.simulated),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: (input: RegisterReaderInput) => apiPost<unknown>(url, input),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest<unknown>('DELETE', `${url}/${encodeURIComponent(id)}`),
    onSettled: refresh,
  });
  const form = useZodForm({ registrationCode: '', label: '' }, { afterChange: 'clear' });
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = form.check(registerReaderSchema);
    if (!parsed.ok) return;
    add.mutate(parsed.data, {
      onSuccess: () => {
        form.reset();
        setProblem(null);
        toast({ title: 'Reader registered', description: `${parsed.data.label} can take cards now.` });
      },
      onError: (err) => setProblem(problemText(err)),
    });
  }

  return (
    <div className="space-y-3">
      <QueryState query={readers} what="the card readers" />
      {readers.data?.length === 0 ? <p className="text-slate-700">No reader registered yet.</p> : null}
      <ul className="space-y-2">
        {readers.data?.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-slate-50 p-3">
            <span>
              <span className="font-semibold text-slate-900">{r.label}</span>
              {r.deviceType || r.serialNumber ? (
                <span className="ml-2 text-sm text-slate-700">
                  {[r.deviceType, r.serialNumber].filter(Boolean).join(' · ')}
                </span>
              ) : null}
            </span>
            <button
              type="button"
              className={smallSecondary}
              disabled={remove.isPending}
              onClick={() => remove.mutate(r.id, { onError: (err) => setProblem(problemText(err)) })}
            >
              <Trash2 aria-hidden className="h-4 w-4" />
              Remove<span className="sr-only"> {r.label}</span>
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} noValidate aria-label="Register a card reader" className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="reader-code"
          label="Code the reader shows"
          autoComplete="off"
          value={form.values.registrationCode}
          onChange={(v) => form.set('registrationCode', v)}
          error={form.errors.registrationCode}
        />
        <TextField
          id="reader-label"
          label="Name (e.g. Counter)"
          autoComplete="off"
          value={form.values.label}
          onChange={(v) => form.set('label', v)}
          error={form.errors.label}
        />
        {problem ? (
          <p role="alert" className="font-semibold text-berry-700 sm:col-span-2">
            {problem}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={add.isPending}>
            {add.isPending ? 'Registering...' : 'Register reader'}
          </button>
        </div>
      </form>
    </div>
  );
}
