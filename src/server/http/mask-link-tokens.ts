/**
 * Request logs never keep a bearer link: whoever reads a log must not be able to open what the link opens.
 * Masks the values of `token=` and `signin=` (cancel, my-bookings sign-in, gift voucher print links) and the
 * guest invitation token in `/party-invite/{token}` and `/api/party-invitations/{token}[/rsvp]`, and the birthday
 * mails' one-click unsubscribe token in `/api/unsubscribe/{token}` (anyone holding it can unsubscribe the family).
 */
export function maskLinkTokensIn(url: string): string {
  return url
    .replace(/([?&](?:token|signin)=)[^&#]*/gi, '$1[token]')
    .replace(/(\/(?:api\/party-invitations|party-invite|api\/unsubscribe)\/)[^/?#]+/gi, '$1[token]');
}
