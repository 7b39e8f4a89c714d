import { StaffGate } from '../../components/staff/staff-gate';
import { AdminDashboard } from './admin-dashboard';
import { AdminFrame } from './components/admin-frame';
import { StaffBar } from './components/staff-bar';

/** /admin (SPEC.md "Admin"): the server-checked staff sign-in, then the dashboard. */
export function AdminPage() {
  return (
    <AdminFrame title="Staff Dashboard">
      <StaffGate allow="staff">
        {(me) =>
          me.kind === 'staff' ? (
            <>
              <StaffBar me={me} />
              <div className="mt-5">
                <AdminDashboard role={me.role} />
              </div>
            </>
          ) : null
        }
      </StaffGate>
    </AdminFrame>
  );
}
