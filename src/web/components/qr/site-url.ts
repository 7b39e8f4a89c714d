import type { SiteConfigResponse } from '../../../shared/contracts/site';

let base: Promise<string> | null = null;

/**
 * Where the site lives for links printed on paper: PUBLIC_URL from the server when it is set
 * (the venue's real domain), else this page's own origin. Asked once per visit.
 */
export function siteBaseUrl(): Promise<string> {
  base ??= fetch('/api/site-config', { headers: { accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) return window.location.origin;
      const body = (await res.json()) as Partial<SiteConfigResponse>;
      return typeof body.publicUrl === 'string' && body.publicUrl ? body.publicUrl : window.location.origin;
    })
    .catch(() => window.location.origin);
  return base;
}
