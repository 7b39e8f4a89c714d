import { LoaderCircle, PartyPopper } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from '../../../app/router';
import {
  childAges,
  childCounts,
  isPartyPackageType,
  partyDateWindow,
  partyPackageLabel,
  partyPackageTypes,
} from '../../../../shared/party-options';
import type { PartiesDocument } from '../../../../shared/catalogue';
import { useCatalogue } from '../../../app/catalogue';
import { formatPence } from '../../../../shared/money';
import { Card, primaryButton } from '../../../components/ui/primitives';
import { usePartyInquiryForm } from '../lib/use-party-inquiry-form';
import { useBrowserValue } from '../../../lib/use-browser-value';
import { todayInLondon } from '../../../../shared/dates';
import { ChoiceGroup, controlProps, Field, FormSection } from './party-form-controls';
import { PrivacyNote } from '../../../components/privacy-note';

// The packages and the time slots are the catalogue's; the server checks an enquiry against the same.
const packageChoicesOf = (parties: PartiesDocument) =>
  partyPackageTypes.map((id) => {
    const pkg = parties.packages.find((p) => p.id === id);
    return {
      value: id,
      title: partyPackageLabel(parties, id),
      detail: pkg
        ? `${formatPence(pkg.perChildPence, { whole: true })} per child, ${pkg.hours}`
        : `${formatPence(parties.privateHire.pricePence, { whole: true })} flat fee`,
    };
  });
const ageLabel = (a: string) => (a === '1' ? '1 year' : `${a} years`);

const todayHere = () => todayInLondon(new Date());

/**
 * The party enquiry form (SPEC.md "Party booking"). `?package=gold` preselects a package (the kiosk's
 * recommendations and the package cards link that way); choosing one here keeps the address in step.
 */
export function PartyInquiryForm() {
  const [params, setParams] = useSearchParams();
  const { parties } = useCatalogue();
  const packageChoices = packageChoicesOf(parties);
  const timeChoices = parties.slots.map((s) => ({ value: s, title: s }));
  const form = usePartyInquiryForm({ onSubmitted: () => setParams({}, { replace: true, preventScrollReset: true }) });
  const { values } = form;

  // Follow the address when it names a package (adjusting state while rendering, not in an effect).
  const wanted = params.get('package');
  const [applied, setApplied] = useState<string | null>(null);
  if (wanted !== applied) {
    setApplied(wanted);
    if (isPartyPackageType(wanted) && values.packageType !== wanted) form.choosePackage(wanted);
  }
  const pickPackage = (id: string) => {
    form.setField('packageType', id);
    setParams({ package: id }, { replace: true, preventScrollReset: true });
  };

  // The dates a party may be asked for follow today, which the page's prerendered HTML (rendered when
  // the server started, perhaps days ago) cannot know: the server's render leaves the window out and
  // the browser's sets it, so hydration never adopts an old one. The server checks the date anyway.
  const today = useBrowserValue(todayHere);
  const dateWindow = today ? partyDateWindow(today) : null;

  return (
    <Card className="scroll-mt-4">
      <h2 id="party-form-heading" className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <PartyPopper aria-hidden className="h-6 w-6 text-berry-700" />
        Send a Party Inquiry
      </h2>
      <p className="mt-1 text-slate-700">
        Tell us about the party you have in mind and we&apos;ll contact you within 24 hours. Nothing is booked or paid
        yet.
      </p>
      <form
        noValidate
        aria-labelledby="party-form-heading"
        onSubmit={form.onSubmit}
        onFocus={form.onFocus}
        className="mt-5 grid gap-6"
      >
        <FormSection id="party-parent" title="Parent/Guardian Information">
          <Field form={form} field="parentName" label="Full name">
            <input {...controlProps(form, 'parentName')} type="text" autoComplete="name" maxLength={120} required />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field form={form} field="parentEmail" label="Email address">
              <input
                {...controlProps(form, 'parentEmail')}
                type="email"
                autoComplete="email"
                inputMode="email"
                maxLength={254}
                required
              />
            </Field>
            <Field form={form} field="parentPhone" label="Phone number">
              <input
                {...controlProps(form, 'parentPhone')}
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                maxLength={30}
                required
              />
            </Field>
          </div>
        </FormSection>

        <FormSection id="party-child" title="Party Information">
          <Field form={form} field="childName" label="Child's name">
            <input {...controlProps(form, 'childName')} type="text" autoComplete="off" maxLength={80} required />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field form={form} field="childAge" label="Child's age">
              <select {...controlProps(form, 'childAge')} required>
                <option value="">Select age</option>
                {childAges.map((a) => (
                  <option key={a} value={a}>
                    {ageLabel(a)}
                  </option>
                ))}
              </select>
            </Field>
            <Field form={form} field="numberOfChildren" label="Number of children">
              <select {...controlProps(form, 'numberOfChildren')} required>
                <option value="">Select number</option>
                {childCounts.map((n) => (
                  <option key={n} value={n}>
                    {n} children
                  </option>
                ))}
              </select>
            </Field>
          </div>
        </FormSection>

        <FormSection id="party-when" title="Preferred Date & Time">
          <Field form={form} field="partyDate" label="Preferred date">
            <input
              {...controlProps(form, 'partyDate')}
              type="date"
              min={dateWindow?.from}
              max={dateWindow?.to}
              required
            />
          </Field>
          <div>
            <p id="party-time-label" className="font-semibold text-slate-900">
              Preferred time
            </p>
            <div className="mt-1">
              <ChoiceGroup form={form} field="partyTime" labelledBy="party-time-label" choices={timeChoices} />
            </div>
          </div>
        </FormSection>

        <FormSection id="party-package" title="Party Package">
          <ChoiceGroup
            form={form}
            field="packageType"
            labelledBy="party-package-heading"
            choices={packageChoices}
            onPick={pickPackage}
            className="grid gap-3"
          />
        </FormSection>

        <FormSection id="party-requests" title="Special Requests">
          <Field
            form={form}
            field="specialRequests"
            label="Themes, decorations or anything else we should know"
            optional
          >
            <textarea {...controlProps(form, 'specialRequests')} rows={3} maxLength={1000} />
          </Field>
        </FormSection>

        <FormSection id="party-dietary" title="Dietary Requirements">
          <Field form={form} field="dietaryRequirements" label="Allergies or dietary needs of any guests" optional>
            <textarea {...controlProps(form, 'dietaryRequirements')} rows={3} maxLength={1000} />
          </Field>
        </FormSection>

        <PrivacyNote />
        <button
          type="submit"
          className={`${primaryButton} w-full sm:w-auto sm:justify-self-start`}
          disabled={form.pending}
        >
          {form.pending ? <LoaderCircle aria-hidden className="h-5 w-5 animate-spin" /> : null}
          {form.pending ? 'Submitting...' : 'Submit Party Inquiry'}
        </button>
      </form>
    </Card>
  );
}
