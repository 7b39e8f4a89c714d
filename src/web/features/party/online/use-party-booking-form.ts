import { useRef, useState } from 'react';
import type { PartyBookingInput, PartyPaymentResponse } from '../../../../shared/contracts/party-booking';
import { holdParty } from '../../../api/party-booking';
import { ApiError } from '../../../lib/api';
import { firstMessagePerField, useZodForm, type FieldErrors } from '../../../lib/use-zod-form';
import { resizeFoodChoices, serverFieldErrors, type PartyPackageOffer } from './party-booking-logic';

export const bookingSteps = ['when', 'package', 'party', 'contact'] as const;
export type BookingStep = (typeof bookingSteps)[number];

export type BookingValues = {
  date: string;
  slotId: string;
  packageId: string;
  children: string;
  childFirstName: string;
  childAge: string;
  foodChoices: string[];
  dietaryNotes: string;
  parentName: string;
  parentEmail: string;
  parentPhone: string;
  /** The VIP Party Discount's code (a loyalty reward), or '' for none. */
  voucherCode: string;
  agreeToTerms: boolean;
};
export type BookingField = keyof BookingValues;

/** The fields each step asks for, in the order they appear (the first with a message takes focus). */
export const stepFields: Record<BookingStep, readonly BookingField[]> = {
  when: ['date', 'slotId'],
  package: ['packageId', 'children'],
  party: ['childFirstName', 'childAge', 'foodChoices', 'dietaryNotes'],
  contact: ['parentName', 'parentEmail', 'parentPhone', 'voucherCode', 'agreeToTerms'],
};
const allFields = bookingSteps.flatMap((s) => stepFields[s]);

const empty: BookingValues = {
  date: '',
  slotId: '',
  packageId: '',
  children: '',
  childFirstName: '',
  childAge: '',
  foodChoices: [],
  dietaryNotes: '',
  parentName: '',
  parentEmail: '',
  parentPhone: '',
  voucherCode: '',
  agreeToTerms: false,
};

// zod and the contract load on the first "Continue", not with the page (the enquiry form does the same).
let schemaLoading: Promise<typeof import('../../../../shared/contracts/party-booking')> | null = null;
const loadSchema = () =>
  (schemaLoading ??= import('../../../../shared/contracts/party-booking').catch((err: unknown) => {
    schemaLoading = null;
    throw err;
  }));

/** What POST /api/parties is sent: numbers as numbers, food choices only when the package has food. */
export function bookingInput(v: BookingValues, pkg: PartyPackageOffer | undefined): PartyBookingInput {
  return {
    date: v.date,
    slotId: v.slotId,
    packageId: v.packageId,
    children: (v.children ? Number(v.children) : undefined) as number,
    childFirstName: v.childFirstName,
    childAge: (v.childAge ? Number(v.childAge) : undefined) as number,
    foodChoices: pkg?.food ? v.foodChoices : [],
    dietaryNotes: v.dietaryNotes,
    parentName: v.parentName,
    parentEmail: v.parentEmail,
    parentPhone: v.parentPhone,
    voucherCode: v.voucherCode.trim() || undefined,
    agreeToTerms: v.agreeToTerms as true,
  };
}

/** What the schema cannot know: whether the package has food, which the page's data says. */
function pageRules(v: BookingValues, pkg: PartyPackageOffer | undefined): FieldErrors<BookingValues> {
  return {
    foodChoices: pkg?.food && v.foodChoices.some((c) => !c) ? 'Please choose food for every child' : undefined,
  };
}

const focusField = (field: BookingField) => {
  // A radio group's checked choice, else its first that can be chosen; a select still empty; else the first.
  const els = [...document.querySelectorAll<HTMLInputElement>(`[data-booking-field="${field}"]`)].filter(
    (e) => !e.disabled,
  );
  (els.find((e) => e.checked || (e.tagName === 'SELECT' && !e.value)) ?? els[0])?.focus();
};

export type HoldOutcome =
  | { kind: 'held'; payment: PartyPaymentResponse }
  | { kind: 'taken'; message: string }
  | { kind: 'invalid'; step: BookingStep }
  | { kind: 'failed'; message: string };

/**
 * The online party form: values, the messages of the step shown, and the hold. Checked with the schema the
 * server parses the body with; the server's own 400 messages are shown by their fields too.
 */
export function usePartyBookingForm() {
  const form = useZodForm<BookingValues>(empty, { afterChange: 'clear' });
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  /** Checks the fields of `upTo` and the steps before it; shows their messages. True when all is well. */
  const checkSteps = async (upTo: BookingStep, pkg: PartyPackageOffer | undefined): Promise<boolean> => {
    const { partyBookingSchema } = await loadSchema();
    const v = form.values;
    const parsed = partyBookingSchema.safeParse(bookingInput(v, pkg));
    const found: FieldErrors<BookingValues> = parsed.success ? {} : firstMessagePerField(parsed.error.issues);
    const extra = pageRules(v, pkg);
    for (const f of allFields) if (extra[f]) found[f] ??= extra[f];
    const steps = bookingSteps.slice(0, bookingSteps.indexOf(upTo) + 1);
    const fields = steps.flatMap((s) => stepFields[s]);
    const shown = Object.fromEntries(fields.filter((f) => found[f]).map((f) => [f, found[f]]));
    form.setErrors(shown);
    const first = fields.find((f) => shown[f]);
    if (first) requestAnimationFrame(() => focusField(first));
    return !first;
  };

  /** POST /api/parties: holds the room and answers the deposit payment. */
  const hold = async (pkg: PartyPackageOffer | undefined): Promise<HoldOutcome | null> => {
    if (busy.current) return null;
    busy.current = true;
    setPending(true);
    try {
      if (!(await checkSteps('contact', pkg))) return null;
      const payment = await holdParty(bookingInput(form.values, pkg));
      return { kind: 'held', payment };
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'party_slot_taken' || err.code === 'party_date_closed'))
        return { kind: 'taken', message: err.message };
      // A refused voucher is a 400, one held by another booking a 409: both are said by the voucher field.
      if (err instanceof ApiError && (err.status === 400 || err.status === 409) && err.fields) {
        const shown = serverFieldErrors(err.fields, allFields);
        const step = bookingSteps.find((s) => stepFields[s].some((f) => shown[f]));
        if (step) {
          form.setErrors(shown);
          return { kind: 'invalid', step };
        }
      }
      return {
        kind: 'failed',
        message:
          err instanceof ApiError && err.status < 500
            ? err.message
            : 'We couldn’t hold your party just now. Nothing has been charged. Please try again, or call our party line.',
      };
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  /** Sets a field; a new number of children keeps one food choice per child. */
  const setField = <K extends BookingField>(field: K, value: BookingValues[K]) => {
    form.set(field, value);
    if (field === 'children') form.set('foodChoices', resizeFoodChoices(form.values.foodChoices, Number(value)));
  };

  return { ...form, setField, checkSteps, hold, pending, focusField };
}
export type PartyBookingForm = ReturnType<typeof usePartyBookingForm>;
