import type { BandPrice } from '../../../../../shared/catalogue';
import { shortDate } from '../../../../../shared/date-text';
import type { DayBand, DayTypeRules, DayTypesDocument } from '../../../../../shared/day-types';

/**
 * The Days and prices editors' pure parts (issue 38, DECISIONS.md "Prices by day and season"): which bands
 * a rule or a single date uses (such a band cannot be removed), which bands already have prices (a new one
 * needs a price per ticket type), a new band's id, and the schema's messages keyed by the form's fields.
 */

export const ruleKeys = [
  'weekdays',
  'weekends',
  'bankHolidays',
  'schoolHolidays',
] as const satisfies readonly (keyof DayTypeRules)[];
export type RuleKey = (typeof ruleKeys)[number];

export const ruleLabels: Record<RuleKey, string> = {
  weekdays: 'Term-time weekdays',
  weekends: 'Weekends',
  bankHolidays: 'Bank holidays',
  schoolHolidays: 'School holidays',
};

/** What uses a band: the rules (by their labels) and the count of single dates set to it. */
export function usesOfBand(
  bandId: string,
  rules: Record<RuleKey, string>,
  overrides: DayTypesDocument['overrides'],
): { rules: string[]; dates: number } {
  return {
    rules: ruleKeys.filter((k) => rules[k] === bandId).map((k) => ruleLabels[k]),
    dates: overrides.filter((o) => o.bandId === bandId).length,
  };
}

/** "Used by Weekends, Bank holidays and 2 single dates"; '' when nothing uses it. */
export function usesText(uses: { rules: string[]; dates: number }): string {
  const parts = [...uses.rules];
  if (uses.dates > 0) parts.push(uses.dates === 1 ? '1 single date' : `${uses.dates} single dates`);
  if (parts.length === 0) return '';
  const list = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
  return `Used by ${list}`;
}

/** The bands some ticket type has a price in: the server asks prices only of a band in none of them. */
export function pricedBandIds(ticketTypes: readonly { prices: readonly BandPrice[] }[]): Set<string> {
  return new Set(ticketTypes.flatMap((t) => t.prices.map((p) => p.bandId)));
}

/**
 * A new band's id: never one in use (nor one a removed band had, whose prices stay in the history), made
 * once when the band is added and kept when it is renamed. Random, as the staff app's other new rows.
 */
export function newBandId(taken: Iterable<string>, random: () => number = randomWord): string {
  const used = new Set(taken);
  for (;;) {
    const id = `band-${random().toString(16).padStart(8, '0')}`;
    if (!used.has(id)) return id;
  }
}

// getRandomValues, not randomUUID: the staff app may be opened over plain http on the venue's network.
const randomWord = () => crypto.getRandomValues(new Uint32Array(1))[0]!;

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * The first message per form field from the schema's issues, row messages prefixed with their row
 * ("Band 2: Please enter a name"): `rows` names each list field's rows; a rule's path ("rules.weekends")
 * goes to that rule's own select.
 */
export function messagesByField(issues: readonly Issue[], rows: Record<string, string>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { path, message } of issues) {
    const [first, second] = path;
    const head = String(first ?? '');
    let key = head;
    let text = message;
    if (head === 'rules' && typeof second === 'string') key = second;
    else if (rows[head] && typeof second === 'number') text = `${rows[head]} ${second + 1}: ${message}`;
    found[key] ??= text;
  }
  return found;
}

/** A band's name for a select, a new band unnamed yet included. */
export const bandOptions = (bands: readonly { id: string; name: string }[]) =>
  bands.map((b, i) => ({ value: b.id, label: b.name.trim() || `New band ${i + 1}` }));

/** The document's bands with just id and name (what PATCH sends back for bands that keep their prices). */
export const plainBands = (bands: readonly DayBand[]) => bands.map((b) => ({ id: b.id, name: b.name }));

/** "7 school holidays, from INSET day (most schools) on 2 Sep 2026 to Summer holiday ending 31 Aug 2027." */
export function holidaysText(periods: readonly { from: string; to: string; name: string }[]): string {
  if (periods.length === 0) return 'No school holidays: term-time rules apply every weekday.';
  const first = periods[0]!;
  const last = periods.at(-1)!;
  if (periods.length === 1)
    return `1 school holiday: ${first.name}, ${shortDate(first.from)} to ${shortDate(first.to)}.`;
  return `${periods.length} school holidays, from ${first.name} on ${shortDate(first.from)} to ${last.name} ending ${shortDate(last.to)}.`;
}
