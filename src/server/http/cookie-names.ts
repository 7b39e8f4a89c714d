/**
 * The names of the session cookies: here, below the domains that set them (families, staff), so the
 * OpenAPI document can name them without importing those domains.
 */
export const familyCookieName = 'ptb_family';
export const staffCookieName = 'ptb_staff';
