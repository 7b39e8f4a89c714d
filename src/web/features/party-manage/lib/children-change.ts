import type { PartyAvailabilityResponse } from '../../../../shared/contracts/party-booking';

/**
 * What the "number of children" form needs to know about the party's package: its bounds and, when it
 * includes food, the choices (one per child). Found by the package's id in the party month's offer; without
 * the offer (or with a package no longer offered) the form still works, and the server checks the bounds.
 */
export type ChildrenRules = {
  min: number;
  max: number;
  food: boolean;
  foodOptions: { id: string; name: string }[];
};

export const looseRules: ChildrenRules = { min: 1, max: 100, food: false, foodOptions: [] };

export function childrenRulesFor(offer: PartyAvailabilityResponse | undefined, packageId: string): ChildrenRules {
  const pkg = offer?.packages.find((p) => p.id === packageId);
  if (!offer || !pkg) return looseRules;
  return { min: pkg.minChildren, max: pkg.maxChildren, food: pkg.food, foodOptions: pkg.food ? offer.foodOptions : [] };
}

/** The problem with a typed number of children, or null when it may be sent. */
export function childrenProblem(raw: string, rules: ChildrenRules, current: number): string | null {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n)) return 'Please enter the number of children as a whole number';
  if (n < rules.min || n > rules.max)
    return `This package is for ${rules.min} to ${rules.max} children: please choose a number in between`;
  if (n === current) return `The party is already for ${current} children`;
  return null;
}

/** One food choice per child: as many as the new number, keeping those already picked. */
export function resizeFoodChoices(choices: string[], count: number): string[] {
  return Array.from({ length: Math.max(0, Math.min(count, 100)) }, (_, i) => choices[i] ?? '');
}
