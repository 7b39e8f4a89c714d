/**
 * What anonymised rows hold instead of personal data. Fixed words, so an anonymised row is recognisable
 * and nothing of the person survives; an address that can never receive mail (RFC 2606 .invalid), unique
 * per row or per erasure because some e-mail columns are keys (credit accounts, loyalty members).
 */
export const ERASED_TEXT = 'Erased';
export const REMOVED_MAIL_BODY = 'Removed under our retention policy (see /privacy).';

export const erasedEmail = (id: string): string => `erased+${id}@invalid`;
