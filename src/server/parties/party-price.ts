import type { Pence } from '../../shared/money';
import { AppError } from '../http/errors';
import { PRIVATE_HIRE, type PartyCatalogue } from '../catalogue/party-settings';

/**
 * One line of a party's price; `per_child` lines are repriced when the numbers change, and a `discount`
 * line (negative: the VIP Party Discount) is worked out again from the lines before it.
 */
export type PartyPriceLine = {
  kind: 'per_child' | 'flat' | 'discount';
  label: string;
  quantity: number;
  unitPence: Pence;
  amountPence: Pence;
};
export type PartyPrice = { lines: PartyPriceLine[]; totalPence: Pence; depositPence: Pence };

/** The fewest and most children a package takes. */
export function childBounds(catalogue: PartyCatalogue, packageId: string): { min: number; max: number } {
  const parties = catalogue.parties.value;
  if (packageId === PRIVATE_HIRE)
    return { min: catalogue.partyBooking.value.privateHireMinChildren, max: parties.privateHire.maxChildren };
  const pkg = parties.packages.find((p) => p.id === packageId);
  if (!pkg)
    throw new AppError('invalid_input', 'There is no such party package.', {
      fields: { packageId: ['Please choose one of the party packages'] },
    });
  return { min: pkg.minChildren, max: pkg.maxChildren };
}

export function assertChildren(catalogue: PartyCatalogue, packageId: string, children: number): void {
  const { min, max } = childBounds(catalogue, packageId);
  if (!Number.isSafeInteger(children) || children < min || children > max)
    throw new AppError('party_children_out_of_range', `This party is for ${min} to ${max} children.`, {
      fields: { children: [`Please choose between ${min} and ${max} children`] },
    });
}

/**
 * The package's price for a party on `date`: the latest price change on or before that date, else the
 * parties document's price (per child for a package, flat for Private Hire).
 */
export function packagePriceOn(catalogue: PartyCatalogue, packageId: string, date: string): Pence {
  let change: { fromDate: string; pricePence: Pence } | undefined;
  for (const c of catalogue.partyBooking.value.priceChanges)
    if (c.packageId === packageId && c.fromDate <= date && (!change || c.fromDate > change.fromDate)) change = c;
  if (change) return change.pricePence;
  const parties = catalogue.parties.value;
  if (packageId === PRIVATE_HIRE) return parties.privateHire.pricePence;
  return parties.packages.find((p) => p.id === packageId)!.perChildPence;
}

/** What a party costs and the deposit that holds it, integer pence; refuses an unknown package or bad numbers. */
export function partyPrice(catalogue: PartyCatalogue, packageId: string, children: number, date: string): PartyPrice {
  assertChildren(catalogue, packageId, children);
  const unit = packagePriceOn(catalogue, packageId, date);
  const lines: PartyPriceLine[] =
    packageId === PRIVATE_HIRE
      ? [{ kind: 'flat', label: 'Private Hire (the whole barn)', quantity: 1, unitPence: unit, amountPence: unit }]
      : [
          {
            kind: 'per_child',
            label: `${catalogue.parties.value.packages.find((p) => p.id === packageId)!.name} party, per child`,
            quantity: children,
            unitPence: unit,
            amountPence: unit * children,
          },
        ];
  return withTotals(lines, catalogue.partyBooking.value.depositPence);
}

/** The loyalty reward 'vip-party' (shared/venue.ts): 20% off a party booked online. */
export const VIP_PARTY_PERCENT = 20;
export const VIP_PARTY_LABEL = `VIP Party Discount (${VIP_PARTY_PERCENT}% off)`;

/** The VIP discount line for lines that do not have one yet: 20% of their sum, rounded down, as a negative amount. */
function discountLine(lines: readonly PartyPriceLine[]): PartyPriceLine {
  const subtotal = lines.filter((l) => l.kind !== 'discount').reduce((sum, l) => sum + l.amountPence, 0);
  const off = -Math.floor((subtotal * VIP_PARTY_PERCENT) / 100);
  return { kind: 'discount', label: VIP_PARTY_LABEL, quantity: 1, unitPence: off, amountPence: off };
}

/** The price with the VIP Party Discount taken off (the deposit is never more than the new total). */
export function withVipDiscount(price: PartyPrice, depositSetting: Pence): PartyPrice {
  return withTotals([...price.lines, discountLine(price.lines)], depositSetting);
}

/** The same lines for a new number of children, at the prices the party was sold with (a discount follows them). */
export function repriceLines(lines: readonly PartyPriceLine[], children: number): PartyPriceLine[] {
  const repriced = lines.map((l) =>
    l.kind === 'per_child' ? { ...l, quantity: children, amountPence: l.unitPence * children } : { ...l },
  );
  return repriced.map((l) => (l.kind === 'discount' ? discountLine(repriced) : l));
}

/** Total of the lines, and the deposit: the catalogue's, or the whole price when that is less. */
export function withTotals(lines: PartyPriceLine[], depositSetting: Pence): PartyPrice {
  const totalPence = lines.reduce((sum, l) => sum + l.amountPence, 0);
  return { lines, totalPence, depositPence: Math.min(depositSetting, totalPence) };
}
