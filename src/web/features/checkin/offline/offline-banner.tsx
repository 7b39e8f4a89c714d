import { CloudOff, RefreshCw } from 'lucide-react';
import type { OfflineKiosk } from './use-offline-kiosk';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Says plainly when the kiosk is offline and that its check-ins will be sent (issue 41); online, only
 * while queued check-ins are still on their way.
 */
export function OfflineBanner({ device }: { device: OfflineKiosk }) {
  if (device.offline)
    return (
      <div role="status" className="mb-6 flex items-start gap-3 rounded-3xl bg-sun-300 p-5 text-slate-900 shadow-sm">
        <CloudOff aria-hidden className="mt-1 h-8 w-8 shrink-0" />
        <div>
          <p className="text-2xl font-bold">Offline: the kiosk cannot reach the server</p>
          <p className="mt-1 text-lg">
            {device.ready
              ? 'You can still scan your ticket to check in. Check-ins are saved on this kiosk and will be sent when the connection is back.'
              : 'Please see the counter to check in.'}
            {device.waiting > 0 ? ` ${plural(device.waiting, 'check-in', 'check-ins')} waiting to be sent.` : ''}
          </p>
        </div>
      </div>
    );
  if (device.waiting > 0)
    return (
      <p role="status" className="mb-6 flex items-center gap-2 rounded-3xl bg-white p-4 text-lg text-slate-900">
        <RefreshCw aria-hidden className="h-6 w-6 shrink-0" />
        Sending {plural(device.waiting, 'check-in', 'check-ins')} saved while offline...
      </p>
    );
  return null;
}
