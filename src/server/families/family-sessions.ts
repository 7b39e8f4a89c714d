import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { familySessions } from '../db/schema';
import { hashToken, newToken } from '../security/tokens';

/** DECISIONS.md: a family session lasts 30 days (or until "Sign out"). */
export const FAMILY_SESSION_MS = 30 * 86_400_000;

export type FamilySession = { email: string; tokenHash: string };

/** Creates a session for a proven (normalised) address; returns the token for the cookie, only its hash is stored. */
export async function createFamilySession(
  db: Db,
  email: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + FAMILY_SESSION_MS);
  await db.insert(familySessions).values({ tokenHash: hashToken(token), email, expiresAt, createdAt: now });
  return { token, expiresAt };
}

export async function findFamilySession(db: Db, token: string | undefined, now: Date): Promise<FamilySession | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ email: familySessions.email })
    .from(familySessions)
    .where(and(eq(familySessions.tokenHash, tokenHash), gt(familySessions.expiresAt, now)));
  return row ? { email: row.email, tokenHash } : null;
}

export async function endFamilySession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(familySessions).where(eq(familySessions.tokenHash, tokenHash));
}
