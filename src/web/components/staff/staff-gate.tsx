import type { ReactNode } from 'react';
import type { StaffMe } from '../../../shared/contracts/staff';
import { useStaffMe } from '../../api/staff-session';
import { Spinner } from '../ui/primitives';
import { StaffSignInForm } from './staff-sign-in-form';

type SignedIn = Extract<StaffMe, { signedIn: true }>;

/**
 * Shows `children` once the server says this browser may see them: a member of staff for the admin
 * pages; a kiosk device or staff for the check-in kiosk. Otherwise the sign-in form. The server
 * enforces the same rule on every call; this only decides what to draw.
 */
export function StaffGate({
  allow,
  children,
  unreachable,
}: {
  allow: 'staff' | 'kiosk-or-staff';
  children: (me: SignedIn) => ReactNode;
  /** What to draw when the server cannot be reached (offline, or not answering): the kiosk offline. */
  unreachable?: () => ReactNode;
}) {
  const me = useStaffMe();
  if (unreachable && (me.isError || (me.isPending && me.fetchStatus === 'paused'))) return <>{unreachable()}</>;
  if (me.isPending) return <Spinner label="Checking your sign-in..." />;
  if (me.isError)
    return (
      <p role="alert" className="py-6 text-center text-berry-700">
        We could not reach the server. Please check the connection and reload the page.
      </p>
    );
  const data = me.data;
  // A kitchen screen (issue 49) is neither: the server refuses it the kiosk's calls too.
  if (data.signedIn && ((allow === 'kiosk-or-staff' && data.kind !== 'kitchen') || data.kind === 'staff'))
    return <>{children(data)}</>;
  const note = data.signedIn
    ? `This device is in ${data.kind} mode (${data.label}). Sign in as staff to use the staff area.`
    : allow === 'kiosk-or-staff'
      ? 'This check-in kiosk is switched on by a member of staff. Please ask at reception.'
      : undefined;
  return <StaffSignInForm note={note} />;
}
