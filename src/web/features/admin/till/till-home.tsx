import { useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '../../../components/ui/primitives';
import { ApiError } from '../../../lib/api';
import { loadErrorText, useSignInAgainOn } from '../api/staff-query';
import { useZReport } from './api/till-api';
import { forgetDeviceTill, readDeviceTill, rememberDeviceTill, type DeviceTill } from './lib/device-till';
import { OpenTillForm } from './session/open-till-form';
import { NotYourTill } from './session/not-your-till';
import { TillScreen } from './till-screen';
import type { Staff } from './till-staff';

/**
 * The till this device has open, or the form that opens one. The device remembers its session; the
 * server's Z report says whether it is still open (closed elsewhere: this device opens a new one).
 */
export function TillHome({ me }: { me: Staff }) {
  const [till, setTill] = useState<DeviceTill | null>(() => readDeviceTill());
  if (!till)
    return (
      <OpenTillForm
        onOpened={(t) => {
          rememberDeviceTill(t);
          setTill(t);
        }}
      />
    );
  // Closed, or left to the one who opened it: this device forgets it (the server keeps it as it is).
  const leave = () => {
    forgetDeviceTill(till.sessionId);
    setTill(null);
  };
  return (
    <StillOpen till={till} onClosed={leave}>
      {(operator) => (
        <>
          {operator !== me.username ? <NotYourTill operator={operator} onLeave={leave} /> : null}
          <TillScreen me={me} till={till} />
        </>
      )}
    </StillOpen>
  );
}

function StillOpen({
  till,
  onClosed,
  children,
}: {
  till: DeviceTill;
  onClosed: () => void;
  children: (operator: string) => ReactNode;
}) {
  const report = useZReport(till.sessionId, true);
  useSignInAgainOn(report.error);
  // Closed, or unknown to the server (another database): this device opens a new one.
  const gone = Boolean(report.data?.closedAt) || (report.error instanceof ApiError && report.error.status === 404);
  useEffect(() => {
    if (gone) onClosed();
  }, [gone, onClosed]);
  if (report.isPending || gone) return <Spinner label="Opening the till..." />;
  if (!report.data)
    return (
      <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
        {loadErrorText(report.error, 'the till')}
      </p>
    );
  return <>{children(report.data.operator)}</>;
}
