import { PaymentSearch } from './payment-search';

/** Customer Search: the same search as /admin/search. */
export function CustomerSearchTab() {
  return <PaymentSearch />;
}
