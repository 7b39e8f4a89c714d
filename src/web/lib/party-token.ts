/**
 * A party's manage token (issue 28), kept in session storage per party: the e-mailed link carries it in
 * the fragment (/party/{id}#t=TOKEN, never sent to a server or its logs), and My Bookings hands it to the
 * party page the same way, so it never appears in a URL the family shares or bookmarks.
 */
/** Shared with the party booking page (features/party/online/pending-party.ts), which keeps the token it was given. */
const KEY = 'partyTokens';

function readAll(): Record<string, string> {
  try {
    const all: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return all && typeof all === 'object' ? (all as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function savePartyToken(partyId: string, token: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...readAll(), [partyId.toLowerCase()]: token }));
  } catch {
    /* storage disabled: the family session (My Bookings) still opens the party */
  }
}

export function partyTokenFor(partyId: string): string | null {
  const all = readAll();
  return all[partyId] ?? all[partyId.toLowerCase()] ?? null;
}

/** The token in a manage link's fragment ("#t=TOKEN"), or null when there is none. */
export function tokenInFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('t');
  return token ? token.trim() || null : null;
}

/**
 * The token for this party: one arriving in the fragment is kept (and wins over an older one), then the
 * kept one. The caller takes the fragment out of the address bar, so it is not left in the history.
 */
export function takePartyToken(partyId: string, hash: string): string | null {
  const fresh = tokenInFragment(hash);
  if (fresh) savePartyToken(partyId, fresh);
  return fresh ?? partyTokenFor(partyId);
}
