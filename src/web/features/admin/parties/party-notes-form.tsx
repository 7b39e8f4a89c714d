import { Save } from 'lucide-react';
import { useId, useState } from 'react';
import { partyNotesSchema } from '../../../../shared/contracts/admin-parties';
import { FieldError, textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSignInAgainOn } from '../api/staff-query';
import { smallPrimary } from '../components/panel-parts';
import { StaffActionForm } from '../components/staff-action-form';
import { useSavePartyNotes } from './parties-api';

/**
 * Staff notes on the sheet. It sends the version it was shown: when someone changed the party meanwhile
 * the server refuses (409), the sheet reloads and what is typed here stays, to be saved again.
 */
export function PartyNotesForm({ id, staffNotes, version }: { id: string; staffNotes: string; version: number }) {
  const fid = useId();
  const save = useSavePartyNotes(id);
  useSignInAgainOn(save.error);
  const [stale, setStale] = useState(false);
  const { values, errors, set, check } = useZodForm({ staffNotes }, { afterChange: 'clear' });

  function submit() {
    const parsed = check(partyNotesSchema, { input: (v) => ({ staffNotes: v.staffNotes, version }) });
    if (!parsed.ok) return;
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Notes saved' }),
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'stale_version') setStale(true);
        toast({ title: 'Notes not saved', description: err.message, variant: 'destructive' });
      },
    });
  }

  return (
    <StaffActionForm id={fid} title="Edit staff notes" onSubmit={submit}>
      <label htmlFor={`${fid}-notes`} className="mt-1 block text-sm text-slate-700">
        Printed on the sheet: the cake, the host's requests, who runs the party.
      </label>
      <textarea
        id={`${fid}-notes`}
        className={`${textInput} mt-2 min-h-24`}
        maxLength={2000}
        value={values.staffNotes}
        onChange={(e) => set('staffNotes', e.target.value)}
        aria-invalid={errors.staffNotes ? true : undefined}
        aria-describedby={errors.staffNotes ? `${fid}-notes-err` : undefined}
      />
      <FieldError id={`${fid}-notes-err`} message={errors.staffNotes} />
      {stale ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          Someone changed this party while you were typing. The sheet above shows it now; save again to keep your text.
        </p>
      ) : null}
      <button type="submit" className={`${smallPrimary} mt-3`} disabled={save.isPending}>
        <Save aria-hidden className="h-4 w-4" />
        {save.isPending ? 'Saving...' : 'Save notes'}
      </button>
    </StaffActionForm>
  );
}
