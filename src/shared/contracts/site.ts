import { z } from './zod';

/** GET /api/site-config: what the browser needs to know about where the site lives. */
export const siteConfigResponseSchema = z.object({
  /** PUBLIC_URL without a trailing slash, or null when unset (the browser then uses its own origin). */
  publicUrl: z.string().nullable(),
});
export type SiteConfigResponse = z.infer<typeof siteConfigResponseSchema>;
