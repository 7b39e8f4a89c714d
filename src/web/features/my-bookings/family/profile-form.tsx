import { CircleAlert, Plus, Trash2, UserRound, Users } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { FamilyProfileResponse } from '../../../../shared/contracts/family-profile';
import { todayInLondon } from '../../../../shared/dates';
import {
  Card,
  FieldError,
  primaryButton,
  secondaryButton,
  Spinner,
  textInput,
} from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { problemText } from '../../../lib/problem-text';
import { useFamilyProfile, useSaveFamilyProfile } from './family-api';
import {
  draftFromProfile,
  emptyAdult,
  emptyChild,
  fieldId,
  MAX_ADULTS,
  MAX_CHILDREN,
  messagesByField,
  profileBody,
  restoreRemovedChildren,
  type AdultDraft,
  type ChildDraft,
  type FamilyDraft,
} from './family-form';

/** The focus moves to an element that is rendered next (a row just added, the button after a row removed). */
const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

export const BIRTHDAY_CONSENT_LABEL = 'E-mail me about a party about six weeks before a birthday';

const removeButton =
  'inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-semibold text-berry-700 underline hover:bg-berry-700/5';

/** The adults and children of the family's profile, and the birthday reminder consent, saved all at once. */
export function ProfileSection({ email, focusOnLoad }: { email: string; focusOnLoad: boolean }) {
  const profile = useFamilyProfile(email);
  const loaded = profile.isSuccess;
  // Just confirmed: the form that had the focus is gone, so the family's heading takes it.
  useEffect(() => {
    if (focusOnLoad && loaded) document.getElementById('family-details-heading')?.focus();
  }, [focusOnLoad, loaded]);
  if (profile.isPending) return <Spinner label="Loading your family..." />;
  if (profile.isError)
    return (
      <Card>
        <h2 className="text-xl font-bold text-slate-900">We could not load your family</h2>
        <p className="mt-2 text-slate-800">{problemText(profile.error)}</p>
        <button type="button" onClick={() => void profile.refetch()} className={`${secondaryButton} mt-3`}>
          Try again
        </button>
      </Card>
    );
  return <ProfileForm email={email} profile={profile.data} reload={() => profile.refetch()} />;
}

function ProfileForm({
  email,
  profile,
  reload,
}: {
  email: string;
  profile: FamilyProfileResponse;
  reload: () => Promise<{ data?: FamilyProfileResponse }>;
}) {
  // The version the form was read at: a save with it is refused (409) once the profile changed elsewhere.
  const [base, setBase] = useState(profile.version);
  const [draft, setDraft] = useState<FamilyDraft>(() => draftFromProfile(profile));
  const [errors, setErrors] = useState<{ byField: Record<string, string>; form: string[] }>({ byField: {}, form: [] });
  const [stale, setStale] = useState(false);
  // The server's words when a child it still needs was removed (a membership, a booking to come): issue 46.
  const [inUse, setInUse] = useState('');
  const save = useSaveFamilyProfile(email);
  const formRef = useRef<HTMLFormElement>(null);
  const staleRef = useRef<HTMLDivElement>(null);
  const inUseRef = useRef<HTMLDivElement>(null);
  const today = todayInLondon(new Date());

  // After a refused save, the first field with a message takes the focus (else the summary above them).
  const [focusNeeded, setFocusNeeded] = useState(0);
  useEffect(() => {
    if (!focusNeeded) return;
    const form = formRef.current;
    (
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[data-form-errors]')
    )?.focus();
  }, [focusNeeded]);

  const setAdult = (key: string, change: Partial<AdultDraft>) =>
    setDraft((d) => ({ ...d, adults: d.adults.map((a) => (a.key === key ? { ...a, ...change } : a)) }));
  const setChild = (key: string, change: Partial<ChildDraft>) =>
    setDraft((d) => ({ ...d, children: d.children.map((c) => (c.key === key ? { ...c, ...change } : c)) }));
  const clearError = (id: string) =>
    setErrors((e) => (e.byField[id] ? { ...e, byField: { ...e.byField, [id]: '' } } : e));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { body, ...rows } = profileBody(draft, base);
    setStale(false);
    setInUse('');
    save.mutate(body, {
      onSuccess: (saved) => {
        setBase(saved.version);
        setDraft(draftFromProfile(saved));
        setErrors({ byField: {}, form: [] });
        toast({ title: 'Family details saved', description: 'Bookings can now be filled in for you.' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'stale_version') {
          setErrors({ byField: {}, form: [] });
          setStale(true);
          requestAnimationFrame(() => staleRef.current?.focus());
          return;
        }
        if (error instanceof ApiError && error.code === 'child_in_use') {
          setErrors({ byField: {}, form: [] });
          setDraft((d) => restoreRemovedChildren(d, profile));
          setInUse(error.message);
          requestAnimationFrame(() => inUseRef.current?.focus());
          return;
        }
        if (error instanceof ApiError && error.status === 400) {
          const found = messagesByField(error.fields, rows);
          if (!Object.keys(found.byField).length && !found.form.length) found.form.push(error.message);
          setErrors(found);
          setFocusNeeded((n) => n + 1);
          return;
        }
        toast({ title: 'Not saved', description: problemText(error), variant: 'destructive' });
      },
    });
  };

  const reloadNow = async () => {
    const fresh = await reload();
    if (!fresh.data) return;
    setBase(fresh.data.version);
    setDraft(draftFromProfile(fresh.data));
    setErrors({ byField: {}, form: [] });
    setStale(false);
    toast({ title: 'Family details reloaded', description: 'You are now looking at the latest details.' });
  };

  const invalid = Object.values(errors.byField).some(Boolean) || errors.form.length > 0;

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-labelledby="family-details-heading" className="space-y-6">
      <h2 id="family-details-heading" tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
        Family details
      </h2>
      {stale ? (
        <div
          ref={staleRef}
          tabIndex={-1}
          role="alert"
          className="flex flex-wrap items-start gap-3 rounded-2xl border-2 border-berry-700 bg-white p-4"
        >
          <CircleAlert aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-berry-700" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-slate-900">Your family details were changed somewhere else.</p>
            <p className="text-slate-800">
              Someone saved them on another device or tab since you opened this page. Reload to see the latest details,
              then make your changes again.
            </p>
            <button type="button" onClick={() => void reloadNow()} className={`${secondaryButton} mt-3`}>
              Reload the details
            </button>
          </div>
        </div>
      ) : null}
      {inUse ? (
        <div
          ref={inUseRef}
          tabIndex={-1}
          role="alert"
          data-testid="child-in-use"
          className="flex items-start gap-3 rounded-2xl border-2 border-berry-700 bg-white p-4"
        >
          <CircleAlert aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-berry-700" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-slate-900">Nothing was saved: this child cannot be removed now.</p>
            <p className="text-slate-800">{inUse}</p>
            <p className="text-slate-800">
              They are back in the list below; your other changes are still there to save.
            </p>
          </div>
        </div>
      ) : null}
      {invalid ? (
        <div
          data-form-errors
          tabIndex={-1}
          role="alert"
          className="rounded-2xl border-2 border-berry-700 bg-white p-4 text-slate-900"
        >
          <p className="font-semibold">Not saved yet: please check the details marked below.</p>
          {errors.form.map((m) => (
            <p key={m} className="text-berry-700">
              {m}
            </p>
          ))}
        </div>
      ) : null}

      <Card>
        <fieldset>
          <legend className="flex items-center gap-2 text-xl font-bold text-slate-900">
            <UserRound aria-hidden className="h-6 w-6 text-brand-700" />
            Grown-ups
          </legend>
          <p className="mt-1 text-slate-700">
            The adults who bring the children, with a phone number we can call on the day.
          </p>
          <ul className="mt-4 space-y-5">
            {draft.adults.map((a, i) => {
              const nameId = fieldId('adult', a.key, 'name');
              const phoneId = fieldId('adult', a.key, 'phone');
              return (
                <li key={a.key} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
                  <TextField
                    id={nameId}
                    label={`Grown-up ${i + 1}: name`}
                    value={a.name}
                    autoComplete={i === 0 ? 'name' : 'off'}
                    error={errors.byField[nameId]}
                    onChange={(name) => {
                      setAdult(a.key, { name });
                      clearError(nameId);
                    }}
                  />
                  <TextField
                    id={phoneId}
                    label={`Grown-up ${i + 1}: phone`}
                    type="tel"
                    value={a.phone}
                    autoComplete={i === 0 ? 'tel' : 'off'}
                    error={errors.byField[phoneId]}
                    onChange={(phone) => {
                      setAdult(a.key, { phone });
                      clearError(phoneId);
                    }}
                  />
                  {draft.adults.length > 1 ? (
                    <button
                      type="button"
                      className={`${removeButton} sm:mt-7`}
                      aria-label={`Remove grown-up ${i + 1}${a.name.trim() ? ` (${a.name.trim()})` : ''}`}
                      onClick={() => {
                        setDraft((d) => ({ ...d, adults: d.adults.filter((x) => x.key !== a.key) }));
                        focusSoon('add-adult');
                      }}
                    >
                      <Trash2 aria-hidden className="h-4 w-4" />
                      Remove
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {draft.adults.length < MAX_ADULTS ? (
            <button
              id="add-adult"
              type="button"
              className={`${secondaryButton} mt-4`}
              onClick={() => {
                const adult = emptyAdult();
                setDraft((d) => ({ ...d, adults: [...d.adults, adult] }));
                focusSoon(fieldId('adult', adult.key, 'name'));
              }}
            >
              <Plus aria-hidden className="h-5 w-5" />
              Add a grown-up
            </button>
          ) : null}
        </fieldset>
      </Card>

      <Card>
        <fieldset>
          <legend className="flex items-center gap-2 text-xl font-bold text-slate-900">
            <Users aria-hidden className="h-6 w-6 text-brand-700" />
            Children
          </legend>
          <p className="mt-1 text-slate-700">
            Only you, and our staff on the day of your visit, see their dates of birth and notes.
          </p>
          {draft.children.length ? (
            <ul className="mt-4 space-y-4">
              {draft.children.map((c, i) => (
                <ChildRow
                  key={c.key}
                  child={c}
                  index={i}
                  today={today}
                  errors={errors.byField}
                  onChange={(change) => {
                    setChild(c.key, change);
                    for (const f of Object.keys(change)) clearError(fieldId('child', c.key, f));
                  }}
                  onRemove={() => {
                    setDraft((d) => ({ ...d, children: d.children.filter((x) => x.key !== c.key) }));
                    focusSoon('add-child');
                  }}
                />
              ))}
            </ul>
          ) : (
            <p className="mt-4 rounded-2xl bg-brand-50 p-4 text-slate-800">
              No children yet. Add each child once, and booking a visit is quicker every time.
            </p>
          )}
          {draft.children.length < MAX_CHILDREN ? (
            <button
              id="add-child"
              type="button"
              className={`${secondaryButton} mt-4`}
              onClick={() => {
                const child = emptyChild();
                setDraft((d) => ({ ...d, children: [...d.children, child] }));
                focusSoon(fieldId('child', child.key, 'firstName'));
              }}
            >
              <Plus aria-hidden className="h-5 w-5" />
              Add a child
            </button>
          ) : (
            <p className="mt-4 text-slate-700">A profile has room for {MAX_CHILDREN} children.</p>
          )}
        </fieldset>
      </Card>

      <Card>
        <h3 className="text-xl font-bold text-slate-900">Birthday party reminders</h3>
        <label className="mt-3 flex min-h-11 cursor-pointer items-start gap-3">
          <input
            id="birthday-reminders"
            type="checkbox"
            checked={draft.birthdayReminders}
            onChange={(e) => setDraft((d) => ({ ...d, birthdayReminders: e.target.checked }))}
            aria-describedby="birthday-reminders-help"
            className="mt-0.5 h-6 w-6 shrink-0 accent-brand-700"
          />
          <span className="font-medium text-slate-900">{BIRTHDAY_CONSENT_LABEL}</span>
        </label>
        <p id="birthday-reminders-help" className="pl-9 text-sm text-slate-700">
          Optional. One e-mail per child, with a link to our party packages; every e-mail has a one-click unsubscribe,
          and you can untick this at any time.
        </p>
      </Card>

      <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={save.isPending}>
        {save.isPending ? (
          <Spinner label="Saving..." className="py-0 text-white [&_svg]:text-white" />
        ) : (
          'Save family details'
        )}
      </button>
    </form>
  );
}

function ChildRow({
  child: c,
  index,
  today,
  errors,
  onChange,
  onRemove,
}: {
  child: ChildDraft;
  index: number;
  today: string;
  errors: Record<string, string>;
  onChange: (change: Partial<ChildDraft>) => void;
  onRemove: () => void;
}) {
  const id = (f: string) => fieldId('child', c.key, f);
  const who = c.firstName.trim() || `child ${index + 1}`;
  return (
    <li className="rounded-2xl border-2 border-slate-200 p-4" data-testid="family-child">
      <fieldset>
        <legend className="text-lg font-bold text-slate-900">{c.firstName.trim() || `Child ${index + 1}`}</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          <TextField
            id={id('firstName')}
            label="First name"
            value={c.firstName}
            autoComplete="off"
            error={errors[id('firstName')]}
            onChange={(firstName) => onChange({ firstName })}
          />
          <TextField
            id={id('dateOfBirth')}
            label="Date of birth"
            type="date"
            max={today}
            value={c.dateOfBirth}
            error={errors[id('dateOfBirth')]}
            onChange={(dateOfBirth) => onChange({ dateOfBirth })}
          />
        </div>
        <div className="mt-3">
          <TextField
            id={id('notes')}
            label="Notes (optional)"
            hint="Allergies, additional needs: anything our staff should know."
            multiline
            value={c.notes}
            error={errors[id('notes')]}
            onChange={(notes) => onChange({ notes })}
          />
        </div>
        <button type="button" className={`${removeButton} mt-2`} onClick={onRemove}>
          <Trash2 aria-hidden className="h-4 w-4" />
          Remove {who}
        </button>
      </fieldset>
    </li>
  );
}

function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  multiline,
  autoComplete,
  max,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: 'text' | 'tel' | 'date';
  multiline?: boolean;
  autoComplete?: string;
  max?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea
          {...common}
          rows={2}
          maxLength={500}
          onChange={(e) => onChange(e.target.value)}
          className={`${textInput} mt-1 resize-y`}
        />
      ) : (
        <input
          {...common}
          type={type}
          max={max}
          autoComplete={autoComplete}
          inputMode={type === 'tel' ? 'tel' : undefined}
          onChange={(e) => onChange(e.target.value)}
          className={`${textInput} mt-1`}
        />
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
