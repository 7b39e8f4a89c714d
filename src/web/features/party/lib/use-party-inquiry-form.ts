import { useRef, useState, type FormEvent } from 'react';
import type { PartyInquiryResponse } from '../../../../shared/contracts/party';
import { partyDateProblem, type PartyPackageType } from '../../../../shared/party-options';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, apiPost } from '../../../lib/api';
import { firstMessagePerField, useZodForm } from '../../../lib/use-zod-form';
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

/** The first message per form field in the server's `fields` (which may name fields the form lacks). */
function serverErrors(fields: Record<string, string[]>): PartyErrors {
  const found = firstMessagePerField<PartyValues>(
    Object.entries(fields).map(([field, messages]) => ({ path: [field], message: messages[0] ?? '' })),
  );
  return Object.fromEntries(partyFields.filter((f) => found[f] !== undefined).map((f) => [f, found[f]]));
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
  const { values, errors, set, check, show, reset } = useZodForm<PartyValues>(empty, {
    afterChange: 'clear',
    order: partyFields,
    focus: focusField,
  });
  const [pending, setPending] = useState(false);

  const setField = (field: PartyField, value: string) => set(field, value);
  const choosePackage = (id: PartyPackageType) => setField('packageType', id);

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
    const parsed = check(schema, {
      input: (v) => ({ ...v, inquiryType: 'party_booking' }),
      // A real date outside the window is said at once, alongside any other field's message.
      also: (v) => ({
        partyDate: v.partyDate ? (partyDateProblem(v.partyDate, todayInLondon(new Date())) ?? undefined) : undefined,
      }),
    });
    if (!parsed.ok) return;

    setPending(true);
    try {
      await apiPost<PartyInquiryResponse>('/api/party-inquiry', parsed.data);
      toast({
        title: 'Party Inquiry Submitted!',
        description: "We'll contact you within 24 hours to discuss your party booking.",
      });
      reset();
      opts.onSubmitted();
    } catch (err) {
      if (err instanceof ApiError && err.fields) show(serverErrors(err.fields));
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
