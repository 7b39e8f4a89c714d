import type { EventDetail, EventInput } from '../../../../shared/contracts/events';
import { penceToPounds, poundsToPence } from '../venue/money';
import { isoToLondon, londonToIso } from './london-time';

/** One slot as typed: London's date and time, minutes and places as text; `id` once saved (kept, not removable). */
export type SlotDraft = { key: string; id?: string; date: string; time: string; length: string; places: string };

export type EventDraft = {
  name: string;
  description: string;
  childPrice: string;
  adultPrice: string;
  onSaleDate: string;
  onSaleTime: string;
  familyCap: string;
  usesQueue: boolean;
  admitPerMinute: string;
  slots: SlotDraft[];
};

/** Messages keyed as the server keys them: "name", "childPricePence", "slots.0.startsAt", "slots". */
export type DraftErrors = Record<string, string>;

let nextKey = 0;
export const newSlot = (): SlotDraft => ({ key: `new-${nextKey++}`, date: '', time: '', length: '10', places: '' });

export const emptyDraft = (): EventDraft => ({
  name: '',
  description: '',
  childPrice: '',
  adultPrice: '0.00',
  onSaleDate: '',
  onSaleTime: '',
  familyCap: '6',
  usesQueue: true,
  admitPerMinute: '60',
  slots: [newSlot()],
});

export function draftOf(e: EventDetail): EventDraft {
  const onSale = isoToLondon(e.onSaleAt);
  return {
    name: e.name,
    description: e.description,
    childPrice: penceToPounds(e.childPricePence),
    adultPrice: penceToPounds(e.adultPricePence),
    onSaleDate: onSale.date,
    onSaleTime: onSale.time,
    familyCap: String(e.familyCap),
    usesQueue: e.usesQueue,
    admitPerMinute: String(e.admitPerMinute),
    slots: e.slots.map((s) => ({
      key: s.id,
      id: s.id,
      ...isoToLondon(s.startsAt),
      length: String(s.lengthMinutes),
      places: String(s.places),
    })),
  };
}

const whole = (text: string): number => (/^\s*\d{1,6}\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The body to send (new slots only: the server keeps saved ones) or the messages for what cannot be converted
 * (pounds, London times, whole numbers); everything else is the server's to judge, shown by its field.
 */
export function bodyOf(d: EventDraft): { ok: true; body: EventInput } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const child = poundsToPence(d.childPrice);
  const adult = poundsToPence(d.adultPrice);
  if (!child.ok) errors.childPricePence = child.message;
  if (!adult.ok) errors.adultPricePence = adult.message;
  const onSaleAt = londonToIso(d.onSaleDate, d.onSaleTime);
  if (!onSaleAt) errors.onSaleAt = 'Please give a date and a time London shows';
  const numbers = { familyCap: whole(d.familyCap), admitPerMinute: whole(d.admitPerMinute) };
  if (Number.isNaN(numbers.familyCap)) errors.familyCap = 'A whole number of places';
  if (Number.isNaN(numbers.admitPerMinute)) errors.admitPerMinute = 'A whole number of families a minute';
  const slots = d.slots
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => !s.id)
    .map(({ s, i }) => {
      const startsAt = londonToIso(s.date, s.time);
      if (!startsAt) errors[`slots.${i}.startsAt`] = 'Please give a date and a time London shows';
      const lengthMinutes = whole(s.length);
      const places = whole(s.places);
      if (Number.isNaN(lengthMinutes)) errors[`slots.${i}.lengthMinutes`] = 'A whole number of minutes';
      if (Number.isNaN(places)) errors[`slots.${i}.places`] = 'A whole number of places';
      return { startsAt: startsAt ?? '', lengthMinutes, places };
    });
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    body: {
      name: d.name,
      description: d.description,
      childPricePence: child.ok ? child.pence : 0,
      adultPricePence: adult.ok ? adult.pence : 0,
      onSaleAt: onSaleAt!,
      familyCap: numbers.familyCap,
      usesQueue: d.usesQueue,
      admitPerMinute: numbers.admitPerMinute,
      slots,
    },
  };
}

/**
 * The server's messages keyed by the draft's slot index: it numbers only the slots it was sent (the new
 * ones), so "slots.0.places" is the first new slot.
 */
export function serverErrors(fields: Record<string, string[]>, d: EventDraft): DraftErrors {
  const newIndexes = d.slots.map((s, i) => (s.id ? -1 : i)).filter((i) => i >= 0);
  const found: DraftErrors = {};
  for (const [key, messages] of Object.entries(fields)) {
    const m = /^slots\.(\d+)\.(\w+)/.exec(key);
    const at = m ? `slots.${newIndexes[Number(m[1])] ?? m[1]}.${m[2]}` : key;
    if (messages[0]) found[at] ??= messages[0];
  }
  return found;
}
