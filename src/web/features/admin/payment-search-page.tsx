import { ArrowLeft } from 'lucide-react';
import { Link } from '../../app/router';
import { StaffGate } from '../../components/staff/staff-gate';
import { AdminFrame } from './components/admin-frame';
import { PaymentSearch } from './payments/payment-search';

/** /admin/search (SPEC.md "Payment search"): the Customer Search tab on its own, behind the same sign-in. */
export function PaymentSearchPage() {
  return (
    <AdminFrame
      title="Payment Search"
      aside={
        <Link to="/admin" className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 underline">
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Staff Dashboard
        </Link>
      }
    >
      <StaffGate allow="staff">{() => <PaymentSearch />}</StaffGate>
    </AdminFrame>
  );
}
