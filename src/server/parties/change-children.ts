import { eq } from 'drizzle-orm';
import { catalogueOf } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { partyBookings } from '../db/schema';
import { AppError } from '../http/errors';
import { formatPence } from '../../shared/money';
import { assertFoodChoices } from './party-food';
import { assertChildren, repriceLines, withTotals, type PartyPriceLine } from './party-price';
import { canChangeNumbers, CHANGE_CUTOFF_DAYS } from './party-rules';
import { packageHasFood, type PartyCatalogue } from '../catalogue/party-settings';
import { lockParty, partyOf, type PartyBooking } from './party-view';

/**
 * Final numbers (DECISIONS.md "Parties online"): until 7 days before the party, within the package's
 * bounds, repriced at the prices the party was sold with (a later price change does not reach it). The
 * deposit stays what it was, unless the new total is smaller. `version`, when sent, must be the party's.
 * With `foodChoices` (the family's form), the food is chosen again for the new numbers. A new total below
 * what has already been paid is refused (the family is asked to call): nothing is refunded online.
 */
export async function changeChildren(
  db: Db,
  opts: { id: string; children: number; now: Date; version?: number; foodChoices?: string[] },
  given?: PartyCatalogue,
): Promise<PartyBooking> {
  const catalogue = given ?? (await catalogueOf(db));
  return db.transaction(async (tx) => {
    const row = await lockParty(tx, opts.id);
    if (row.status !== 'held' && row.status !== 'confirmed')
      throw new AppError('cancelled', 'This party is no longer booked.');
    if (opts.version !== undefined && opts.version !== row.version)
      throw new AppError('stale_version', 'This party changed meanwhile. Here is what it says now.', {
        current: partyOf(row),
      });
    if (!canChangeNumbers(row.partyDate, opts.now))
      throw new AppError(
        'party_change_too_late',
        `Numbers can change until ${CHANGE_CUTOFF_DAYS} days before the party. Please call us.`,
      );
    assertChildren(catalogue, row.packageId, opts.children);
    if (opts.foodChoices) assertFoodChoices(catalogue, row.packageId, opts.children, opts.foodChoices);
    // A package whose food was taken off since (the form then sends none): the choices made when it was
    // offered stay, so the party sheet still lists them with their allergens. Only food offered now replaces them.
    const newFood = opts.foodChoices && packageHasFood(catalogue, row.packageId) ? opts.foodChoices : undefined;
    const price = withTotals(repriceLines(row.priceLines as PartyPriceLine[], opts.children), row.depositPence);
    if (price.totalPence < row.paidPence)
      throw new AppError(
        'party_below_paid',
        `You have already paid ${formatPence(row.paidPence)}, more than the party would cost for ${opts.children} children. Please call us to change the numbers.`,
      );
    const [updated] = await tx
      .update(partyBookings)
      .set({
        children: opts.children,
        priceLines: price.lines,
        totalPence: price.totalPence,
        depositPence: price.depositPence,
        ...(newFood ? { foodChoices: newFood } : {}),
        updatedAt: opts.now,
        version: row.version + 1,
      })
      .where(eq(partyBookings.id, row.id))
      .returning();
    return partyOf(updated!);
  });
}
