import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FamilyProfileResponse } from '../../../../shared/contracts/family-profile';
import { todayInLondon } from '../../../../shared/dates';
import { Card, primaryButton, secondaryButton, Spinner } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { problemText } from '../../../lib/problem-text';
import { useFamilyProfile, useSaveFamilyProfile } from './family-api';
import {
  draftFromProfile,
  fieldId,
  messagesByField,
  profileBody,
  restoreRemovedChildren,
  type AdultDraft,
  type ChildDraft,
  type FamilyDraft,
} from './family-form';
import { AdultsFieldset } from './adults-fieldset';
import { ChildrenFieldset } from './children-fieldset';
import { ChildInUseAlert, FormErrorsAlert, StaleAlert } from './profile-alerts';

export const BIRTHDAY_CONSENT_LABEL = 'E-mail me about a party about six weeks before a birthday';

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

  // The child-in-use alert takes the focus once it is drawn (a frame scheduled at the error could run before
  // React had drawn it, and the focus stayed on the button: seen once at 390 px in CI).
  useEffect(() => {
    if (inUse) inUseRef.current?.focus();
  }, [inUse]);

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
      {stale ? <StaleAlert alertRef={staleRef} onReload={() => void reloadNow()} /> : null}
      {inUse ? <ChildInUseAlert alertRef={inUseRef} message={inUse} /> : null}
      {invalid ? <FormErrorsAlert messages={errors.form} /> : null}

      <AdultsFieldset
        adults={draft.adults}
        errors={errors.byField}
        onChange={(key, change, id) => {
          setAdult(key, change);
          clearError(id);
        }}
        onRemove={(key) => setDraft((d) => ({ ...d, adults: d.adults.filter((x) => x.key !== key) }))}
        onAdd={(adult) => setDraft((d) => ({ ...d, adults: [...d.adults, adult] }))}
      />

      <ChildrenFieldset
        children={draft.children}
        today={today}
        errors={errors.byField}
        onChange={(key, change) => {
          setChild(key, change);
          for (const f of Object.keys(change)) clearError(fieldId('child', key, f));
        }}
        onRemove={(key) => setDraft((d) => ({ ...d, children: d.children.filter((x) => x.key !== key) }))}
        onAdd={(child) => setDraft((d) => ({ ...d, children: [...d.children, child] }))}
      />

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
