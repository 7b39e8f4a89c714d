import { useRef, useState, type FormEvent } from 'react';
import type { PartyInquiryResponse } from '../../../../shared/contracts/party';
import { partyDateProblem, type PartyPackageType } from '../../../../shared/party-options';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, apiPost } from '../../../lib/api';
import { loadPartySchema } from './load-party-schema';
import { todayInLondon } from '../../../../shared/dates';

export const partyFields = [
  'parentName',
  'parentEmail',
  'parentPhone',
  'childName',
  'childAge',
  'numberOfChildren',
  'partyDate',
  'partyTime',
  'packageType',
  'specialRequests',
  'dietaryRequirements',
] as const;
export type PartyField = (typeof partyFields)[number];
export type PartyValues = Record<PartyField, string>;
export type PartyErrors = Partial<Record<PartyField, string>>;

const empty: PartyValues = Object.fromEntries(partyFields.map((f) => [f, ''])) as PartyValues;

/** The first message per field, in form order, from zod issues or the server's `fields`. */
function firstPerField(entries: [string, string][]): PartyErrors {
  const out: PartyErrors = {};
  for (const [field, message] of entries)
    if ((partyFields as readonly string[]).includes(field)) out[field as PartyField] ??= message;
  return out;
}

// Each control carries data-party-field; a radio group's first radio (or its checked one) takes focus.
function focusField(field: PartyField) {
  const els = document.querySelectorAll<HTMLInputElement>(`[data-party-field="${field}"]`);
  ([...els].find((e) => e.checked) ?? els[0])?.focus();
}

/**
 * State, validation and submission of the party enquiry (SPEC.md sections 4, 5, 8). Validated with
 * the schema the server parses the body with (docs/decisions/002), plus the date window the server
 * checks against its own clock. Success resets the form; failure keeps every value.
 */
export function usePartyInquiryForm(opts: { onSubmitted: () => void }) {
  const [values, setValues] = useState<PartyValues>(empty);
  const [errors, setErrors] = useState<PartyErrors>({});
  const [pending, setPending] = useState(false);

  const setField = (field: PartyField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const choosePackage = (id: PartyPackageType) => setField('packageType', id);

  const showErrors = (found: PartyErrors) => {
    setErrors(found);
    const first = partyFields.find((f) => found[f]);
    if (first) focusField(first);
  };

  // Guards a second submit while the schema is still downloading (before `pending` is set).
  const busy = useRef(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      await validateAndSend();
    } finally {
      busy.current = false;
    }
  }

  async function validateAndSend() {
    let schema;
    try {
      schema = (await loadPartySchema()).partyInquirySchema;
    } catch {
      toast({
        title: 'Submission Failed',
        description: 'Please try again or call us directly.',
        variant: 'destructive',
      });
      return;
    }
    const parsed = schema.safeParse({ ...values, inquiryType: 'party_booking' });
    const found = parsed.success ? {} : firstPerField(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    // A real date outside the window is said at once, alongside any other field's message.
    if (!found.partyDate && values.partyDate)
      found.partyDate = partyDateProblem(values.partyDate, todayInLondon(new Date())) ?? undefined;
    if (!parsed.success || found.partyDate) return showErrors(found);

    setPending(true);
    try {
      await apiPost<PartyInquiryResponse>('/api/party-inquiry', parsed.data);
      toast({
        title: 'Party Inquiry Submitted!',
        description: "We'll contact you within 24 hours to discuss your party booking.",
      });
      setValues(empty);
      setErrors({});
      opts.onSubmitted();
    } catch (err) {
      if (err instanceof ApiError && err.fields)
        showErrors(firstPerField(Object.entries(err.fields).map(([f, m]) => [f, m[0] ?? ''])));
      toast({
        title: 'Submission Failed',
        description: 'Please try again or call us directly.',
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return {
    values,
    errors,
    pending,
    setField,
    choosePackage,
    onSubmit,
    onFocus: () => void loadPartySchema().catch(() => undefined),
  };
}
export type PartyForm = ReturnType<typeof usePartyInquiryForm>;
