import { beforeEach, describe, expect, it, vi } from 'vitest';
import { partyTokenFor, savePartyToken, takePartyToken, tokenInFragment } from './party-token';

const id = '6f1c2a4e-1b2c-4d5e-8f90-123456789abc';

describe('party manage token', () => {
  // Node has no sessionStorage: a Map behind the same methods stands in for the browser's.
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, String(v)),
      removeItem: (k: string) => void store.delete(k),
      clear: () => store.clear(),
    });
  });

  it('reads the token from the fragment, decoding it', () => {
    expect(tokenInFragment('#t=abc.def%2Bg')).toBe('abc.def+g');
    expect(tokenInFragment('')).toBeNull();
    expect(tokenInFragment('#x=1')).toBeNull();
    expect(tokenInFragment('#t=')).toBeNull();
  });

  it('keeps a token from the fragment for that party only', () => {
    expect(takePartyToken(id, '#t=first-token')).toBe('first-token');
    expect(partyTokenFor(id.toUpperCase())).toBe('first-token');
    expect(partyTokenFor('00000000-0000-4000-8000-000000000000')).toBeNull();
    // Later visits without the fragment use the kept one; a new link replaces it.
    expect(takePartyToken(id, '')).toBe('first-token');
    expect(takePartyToken(id, '#t=second-token')).toBe('second-token');
    expect(partyTokenFor(id)).toBe('second-token');
  });

  it('copes with storage holding something else', () => {
    sessionStorage.setItem('partyTokens', 'not json');
    expect(partyTokenFor(id)).toBeNull();
    savePartyToken(id, 'tok');
    expect(partyTokenFor(id)).toBe('tok');
  });
});
