import { describe, expect, it } from 'vitest';
import { maskLinkTokensIn } from './mask-link-tokens';

describe('maskLinkTokensIn', () => {
  it('masks link tokens in queries and invitation paths, and leaves the rest of the URL', () => {
    expect(maskLinkTokensIn('/cancel-booking?token=abc.DEF_123&x=1')).toBe('/cancel-booking?token=[token]&x=1');
    expect(maskLinkTokensIn('/my-bookings?signin=b1.mac')).toBe('/my-bookings?signin=[token]');
    expect(maskLinkTokensIn('/api/gift-vouchers/print?token=t0k')).toBe('/api/gift-vouchers/print?token=[token]');
    expect(maskLinkTokensIn('/party-invite/Zx9_secret')).toBe('/party-invite/[token]');
    expect(maskLinkTokensIn('/api/party-invitations/Zx9_secret/rsvp')).toBe('/api/party-invitations/[token]/rsvp');
    expect(maskLinkTokensIn('/api/parties/availability?month=2026-12')).toBe('/api/parties/availability?month=2026-12');
  });

  it('masks the one-click unsubscribe token (GET and POST /api/unsubscribe/{token}), as every other link token', () => {
    expect(maskLinkTokensIn('/api/unsubscribe/u1.Zx9_mac')).toBe('/api/unsubscribe/[token]');
    expect(maskLinkTokensIn('/api/unsubscribe/u1.Zx9_mac?x=1')).toBe('/api/unsubscribe/[token]?x=1');
  });
});
