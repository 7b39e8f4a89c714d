import type { VatTreatment } from '../../../../../shared/contracts/till';

/** How each VAT treatment is offered in the editors (HMRC VAT Notice 709/1 for food). */
export const vatTreatmentChoices: { value: VatTreatment; label: string }[] = [
  { value: 'standard', label: 'Standard rate, 20% (hot food, drinks, most goods)' },
  { value: 'cold_food', label: 'Cold food: 0% taken away, 20% eaten in' },
  { value: 'reduced', label: 'Reduced rate, 5%' },
  { value: 'zero', label: "Zero rate, 0% (children's clothes)" },
];
