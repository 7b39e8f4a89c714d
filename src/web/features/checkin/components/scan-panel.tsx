import { QrCode } from 'lucide-react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIdleFocus } from '../lib/use-idle-focus';
import { CameraScanner } from './camera-scanner';
import { KioskCard } from './kiosk-ui';

/**
 * "Scan your ticket" (DECISIONS.md "Kiosk privacy"): the QR on the confirmation e-mail and the success
 * page carries the ticket token. A handheld scanner types it and Enter into the hidden input, which
 * keeps focus while the kiosk is idle; the camera reads it on a tap.
 */
export function ScanPanel({
  onToken,
  busy,
  children,
}: {
  onToken: (token: string) => void;
  busy: boolean;
  children?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  useIdleFocus(input, true);

  function submit(e: FormEvent) {
    e.preventDefault();
    const token = code.trim();
    setCode('');
    if (token && !busy) onToken(token);
  }

  return (
    <KioskCard title="Scan Your Ticket" icon={<QrCode aria-hidden className="h-7 w-7 text-brand-700" />}>
      <p className="mb-4 text-lg text-slate-800">
        Hold the QR code from your confirmation e-mail under the scanner, or tap below to use the camera.
      </p>
      <form onSubmit={submit} aria-label="Ticket scanner">
        {/* inputMode none: focusing it never opens the tablet's on-screen keyboard. */}
        <label className="sr-only" htmlFor="ticket-scanner-input">
          Ticket code from the scanner
        </label>
        <input
          ref={input}
          id="ticket-scanner-input"
          className="sr-only"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          inputMode="none"
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={200}
        />
      </form>
      <CameraScanner onCode={onToken} />
      {children}
    </KioskCard>
  );
}
