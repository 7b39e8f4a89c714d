export { agreementBlocks, namesText, type TextBlock } from '../../../lib/agreement-text';
import type { FamilyProfileEditInput, FamilyProfileResponse } from '../../../../shared/contracts/family-profile';

/**
 * The Family page's form (issue 39) as plain data: what the profile becomes in the form, what the form
 * sends back (PUT /api/family/profile), and where the server's field messages (`children.0.dateOfBirth`)
 * belong. Each row has a key of its own, so a message stays with its row when one above is removed.
 */

/**
 * The contract's limits (shared/contracts/family-profile.ts), written here again so the page does not load
 * that module, and zod and the other contracts with it, for two numbers (family-form.test.ts checks them).
 */
export const MAX_ADULTS = 4;
export const MAX_CHILDREN = 8;

export type AdultDraft = { key: string; name: string; phone: string };
export type ChildDraft = { key: string; id?: string; firstName: string; dateOfBirth: string; notes: string };
export type FamilyDraft = { adults: AdultDraft[]; children: ChildDraft[]; birthdayReminders: boolean };

let nextKey = 1;
/** A key for a new row, unique within the page. */
export const rowKey = (): string => `row${nextKey++}`;

export const emptyAdult = (): AdultDraft => ({ key: rowKey(), name: '', phone: '' });
export const emptyChild = (): ChildDraft => ({ key: rowKey(), firstName: '', dateOfBirth: '', notes: '' });

/** The saved profile as the form shows it; a family with no adult yet starts with one empty row to fill in. */
export function draftFromProfile(profile: FamilyProfileResponse): FamilyDraft {
  const adults = profile.adults.map((a) => ({ key: rowKey(), name: a.name, phone: a.phone }));
  return {
    adults: adults.length ? adults : [emptyAdult()],
    children: profile.children.map((c) => ({
      key: c.id,
      id: c.id,
      firstName: c.firstName,
      dateOfBirth: c.dateOfBirth,
      notes: c.notes,
    })),
    birthdayReminders: profile.birthdayReminders,
  };
}

const blankAdult = (a: AdultDraft) => !a.name.trim() && !a.phone.trim();

/**
 * The body of PUT /api/family/profile. An adult row left empty is not sent (the form always offers one);
 * `adultRows` says which form row each adult sent came from, to put the server's messages back on it.
 */
export function profileBody(
  draft: FamilyDraft,
  version: number,
): { body: FamilyProfileEditInput; adultRows: string[]; childRows: string[] } {
  const adults = draft.adults.filter((a) => !blankAdult(a));
  return {
    body: {
      version,
      adults: adults.map((a) => ({ name: a.name, phone: a.phone })),
      children: draft.children.map((c) => ({
        ...(c.id ? { id: c.id } : {}),
        firstName: c.firstName,
        dateOfBirth: c.dateOfBirth,
        notes: c.notes,
      })),
      birthdayReminders: draft.birthdayReminders,
    },
    adultRows: adults.map((a) => a.key),
    childRows: draft.children.map((c) => c.key),
  };
}

/** The id of a row's field in the page (and the key of its message): `child-row3-firstName`. */
export const fieldId = (list: 'adult' | 'child', key: string, field: string): string => `${list}-${key}-${field}`;

/**
 * The server's messages (400 `error.fields`) by the form's field ids: `children.0.dateOfBirth` becomes the
 * first child row's date of birth. A message about a whole list or the form (`children`: "A child is listed
 * twice", "At most 8 children") is returned in `form`.
 */
export function messagesByField(
  fields: Record<string, string[]> | undefined,
  rows: { adultRows: string[]; childRows: string[] },
): { byField: Record<string, string>; form: string[] } {
  const byField: Record<string, string> = {};
  const form: string[] = [];
  for (const [path, messages] of Object.entries(fields ?? {})) {
    const message = messages[0];
    if (!message) continue;
    const m = /^(adults|children)\.(\d+)\.(\w+)$/.exec(path);
    const key = m ? (m[1] === 'adults' ? rows.adultRows : rows.childRows)[Number(m[2])] : undefined;
    if (m && key) byField[fieldId(m[1] === 'adults' ? 'adult' : 'child', key, m[3]!)] ??= message;
    else if (!form.includes(message)) form.push(message);
  }
  return { byField, form };
}

let timeFormat: Intl.DateTimeFormat | undefined;
/** When an acceptance was given, at the venue: "12 August 2026 at 14:05". */
export function acceptedAtText(iso: string): string {
  timeFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(timeFormat.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute}`;
}

/**
 * A save refused because a child is still needed (409 child_in_use: a membership covers them, or a booking still
 * to come names them): the saved children taken out of the draft come back, where they were, with every other
 * change in the draft kept for the family to save again.
 */
export function restoreRemovedChildren(draft: FamilyDraft, saved: FamilyProfileResponse): FamilyDraft {
  const byId = new Map(draft.children.flatMap((c) => (c.id ? [[c.id, c] as const] : [])));
  const back = draftFromProfile(saved).children.map((c) => byId.get(c.id!) ?? c);
  return { ...draft, children: [...back, ...draft.children.filter((c) => !c.id)] };
}
