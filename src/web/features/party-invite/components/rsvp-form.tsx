import { useEffect, useId, useRef, useState } from 'react';
import type { PartyInvitationView } from '../../../../shared/contracts/party-booking';
import { Card, FieldError, primaryButton, secondaryButton, textInput } from '../../../components/ui/primitives';
import { ApiError } from '../../../lib/api';
import { loadOnce } from '../../../lib/load-once';
import { useZodForm } from '../../../lib/use-zod-form';
import { problemText } from '../../../lib/problem-text';
import type { RsvpBody } from '../api/party-invitation';

// The party contract's schemas bring zod, a quarter of the page's script: they load once the guest starts
// on the form (first focus), not with the invitation, and sending waits for them if need be.
const loadSchema = loadOnce(() => import('../../../../shared/contracts/party-booking'));

type Values = { rsvp: '' | RsvpBody['rsvp']; guestChildFirstName: string; allergies: string };
const order = ['rsvp', 'guestChildFirstName', 'allergies'] as const;

/** Coming or not, the guest child's first name and any allergies; checked with the server's own schema. */
export function RsvpForm({
  invitation,
  onSend,
  onCancel,
}: {
  invitation: PartyInvitationView;
  onSend: (body: RsvpBody) => Promise<void>;
  /** Shown when an answer was given before: keep it as it is. */
  onCancel?: () => void;
}) {
  const id = useId();
  const refs = useRef<Partial<Record<keyof Values, HTMLElement | null>>>({});
  const form = useZodForm<Values>(
    { rsvp: invitation.rsvp ?? '', guestChildFirstName: invitation.guestChildFirstName ?? '', allergies: '' },
    { afterChange: 'recheck', order, focus: (f) => refs.current[f]?.focus() },
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { values, errors, set } = form;
  const formRef = useRef<HTMLFormElement>(null);

  // Changing an answer given before: the focus goes to that answer, where the change starts.
  useEffect(() => {
    if (onCancel) formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form opens
  }, []);

  const checking = useRef(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (checking.current) return;
    setProblem(null);
    checking.current = true;
    const loaded = await loadSchema().catch((err: unknown) => setProblem(problemText(err)));
    checking.current = false;
    if (!loaded) return; // the schema's download failed (offline): said so, the next submit tries again
    const parsed = form.check(loaded.partyRsvpSchema, {
      // A child not coming needs no allergies noted: what was typed before the change is not sent.
      input: (v) => ({ ...v, rsvp: v.rsvp || undefined, allergies: v.rsvp === 'not_coming' ? '' : v.allergies }),
    });
    if (!parsed.ok) return;
    setBusy(true);
    onSend(parsed.data).then(
      () => setBusy(false),
      (err: unknown) => {
        setBusy(false);
        const fields = err instanceof ApiError ? err.fields : undefined;
        const found = Object.fromEntries(order.map((f) => [f, fields?.[f]?.[0]]).filter(([, m]) => m));
        if (Object.keys(found).length) form.show(found);
        else setProblem(problemText(err));
      },
    );
  };

  const describedBy = (f: keyof Values, hint?: string) =>
    [hint, errors[f] ? `${id}-${f}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <Card>
      <h2 className="text-xl font-bold text-slate-900">Your reply</h2>
      <form
        ref={formRef}
        onSubmit={(e) => void submit(e)}
        onFocus={() => void loadSchema().catch(() => undefined)}
        noValidate
        className="mt-4 space-y-5"
      >
        <fieldset aria-describedby={describedBy('rsvp')} aria-invalid={errors.rsvp ? true : undefined}>
          <legend className="font-semibold text-slate-900">Can your child come?</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {(
              [
                ['coming', 'Yes, we’ll be there'],
                ['not_coming', 'Sorry, we can’t come'],
              ] as const
            ).map(([value, label], i) => (
              <label
                key={value}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border-2 border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50"
              >
                <input
                  ref={i === 0 ? (el) => void (refs.current.rsvp = el) : undefined}
                  type="radio"
                  name={`${id}-rsvp`}
                  value={value}
                  checked={values.rsvp === value}
                  onChange={() => set('rsvp', value)}
                  className="h-5 w-5 accent-brand-700"
                />
                {label}
              </label>
            ))}
          </div>
          <FieldError id={`${id}-rsvp-error`} message={errors.rsvp} />
        </fieldset>
        <div>
          <label htmlFor={`${id}-name`} className="block font-semibold text-slate-900">
            Your child’s first name
          </label>
          <input
            ref={(el) => void (refs.current.guestChildFirstName = el)}
            id={`${id}-name`}
            autoComplete="off"
            value={values.guestChildFirstName}
            onChange={(e) => set('guestChildFirstName', e.target.value)}
            aria-invalid={errors.guestChildFirstName ? true : undefined}
            aria-describedby={describedBy('guestChildFirstName')}
            className={`${textInput} mt-1`}
          />
          <FieldError id={`${id}-guestChildFirstName-error`} message={errors.guestChildFirstName} />
        </div>
        {values.rsvp !== 'not_coming' ? (
          <div>
            <label htmlFor={`${id}-allergies`} className="block font-semibold text-slate-900">
              Allergies or dietary needs <span className="font-normal text-slate-700">(optional)</span>
            </label>
            <p id={`${id}-allergies-hint`} className="text-sm text-slate-700">
              So the party’s family and our party team can plan food safely. We delete it after the party.
            </p>
            <textarea
              ref={(el) => void (refs.current.allergies = el)}
              id={`${id}-allergies`}
              rows={3}
              value={values.allergies}
              onChange={(e) => set('allergies', e.target.value)}
              aria-invalid={errors.allergies ? true : undefined}
              aria-describedby={describedBy('allergies', `${id}-allergies-hint`)}
              className={`${textInput} mt-1`}
            />
            <FieldError id={`${id}-allergies-error`} message={errors.allergies} />
          </div>
        ) : null}
        {problem ? (
          <p role="alert" className="rounded-2xl bg-red-50 p-3 text-slate-900">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          {onCancel ? (
            <button type="button" onClick={onCancel} className={secondaryButton}>
              Keep my answer
            </button>
          ) : null}
          <button type="submit" disabled={busy} className={`${primaryButton} sm:flex-1`}>
            {busy ? 'Sending...' : 'Send my reply'}
          </button>
        </div>
      </form>
    </Card>
  );
}
