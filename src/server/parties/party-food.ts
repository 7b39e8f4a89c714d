import { AppError } from '../http/errors';
import { packageHasFood, type PartyCatalogue } from '../catalogue/party-settings';

/**
 * The food choices a party form sent: one known menu option per child when the package includes food,
 * none when it does not (the kitchen plans from this list, so a short or unknown one is refused, not guessed).
 */
export function assertFoodChoices(
  catalogue: PartyCatalogue,
  packageId: string,
  children: number,
  foodChoices: readonly string[],
): void {
  const refuse = (message: string) => new AppError('invalid_input', message, { fields: { foodChoices: [message] } });
  if (!packageHasFood(catalogue, packageId)) {
    if (foodChoices.length > 0)
      throw refuse('This package does not include party food: please leave the food choices empty.');
    return;
  }
  if (foodChoices.length !== children)
    throw refuse(
      `Please choose food for each child: ${children} ${children === 1 ? 'choice' : 'choices'}, one per child.`,
    );
  const known = new Set(catalogue.partyBooking.value.foodOptions.map((o) => o.id));
  if (foodChoices.some((id) => !known.has(id))) throw refuse('Please choose each child’s food from the party menu.');
}
