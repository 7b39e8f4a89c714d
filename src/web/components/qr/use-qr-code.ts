import { useEffect, useState } from 'react';
import { siteBaseUrl } from './site-url';

export type QrOptions = { width: number; margin: number; errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H' };
export type QrState = { url: string | null; dataUrl: string | null };

/**
 * A PNG data URL of a QR code for one of this site's paths, made in the browser. The qrcode
 * library loads only here, so the menu page itself never pays for it. Failures are logged only
 * (SPEC.md section 8): the placeholder and the printed address stay in place.
 */
export function useSiteQrCode(path: string, { width, margin, errorCorrectionLevel }: QrOptions): QrState {
  const [state, setState] = useState<QrState>({ url: null, dataUrl: null });
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const url = `${await siteBaseUrl()}${path}`;
      if (cancelled) return;
      setState({ url, dataUrl: null });
      const { toDataURL } = await import('qrcode');
      const dataUrl = await toDataURL(url, {
        width,
        margin,
        errorCorrectionLevel,
        color: { dark: '#000000', light: '#ffffff' },
      });
      if (!cancelled) setState({ url, dataUrl });
    })().catch((err: unknown) => console.error('QR code generation failed', err));
    return () => {
      cancelled = true;
    };
  }, [path, width, margin, errorCorrectionLevel]);
  return state;
}
