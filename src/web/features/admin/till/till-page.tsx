import { StaffGate } from '../../../components/staff/staff-gate';
import { TillFrame } from './till-frame';
import { TillHome } from './till-home';

/** /admin/till (issue 48): the counter till, behind the staff sign-in. */
export function TillPage() {
  return (
    <TillFrame title="Till">
      <StaffGate allow="staff">{(me) => (me.kind === 'staff' ? <TillHome me={me} /> : null)}</StaffGate>
    </TillFrame>
  );
}
