/**
 * An e-mail address as the site keys credits, points and family sessions by it. Its own module, free of
 * zod, so a page that only compares addresses (the booking page's first step) does not load zod.
 */
export const normaliseCreditEmail = (email: string): string => email.trim().toLowerCase();
