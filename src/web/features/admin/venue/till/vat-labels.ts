import type { VatTreatment } from '../../../../../shared/contracts/till';

/**
 * How each VAT treatment is offered in the editors (HMRC VAT Notice 709/1 for food): standard for hot food,
 * drinks and most goods; zero for children's clothes; cold food by how it is eaten.
 */
export const vatTreatmentChoices: { value: VatTreatment; label: string }[] = [
  { value: 'standard', label: 'Standard, 20%' },
  { value: 'cold_food', label: 'Cold food: 0% takeaway, 20% eat in' },
  { value: 'reduced', label: 'Reduced, 5%' },
  { value: 'zero', label: 'Zero, 0%' },
];
