import { PaymentSearch } from '../components/payment-search';

/** Customer Search: the same search as /admin/search. */
export function CustomerSearchTab() {
  return <PaymentSearch />;
}
