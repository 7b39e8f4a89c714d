import { createHmac, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FamilyCodeResponse } from '../../shared/contracts/family';
import { maskEmail } from '../../shared/mask';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { familySignInCodes } from '../db/schema';
import { AppError } from '../http/errors';
import { enqueueMail } from '../mail/enqueue-mail';
import { getAppSecret } from '../security/app-secret';
import { hashToken, newToken, sameSecret } from '../security/tokens';
import { signInCodeMail } from './family-mails';

/** DECISIONS.md: 10 minutes, 5 tries. */
export const FAMILY_CODE_MS = 10 * 60_000;
export const FAMILY_CODE_TRIES = 5;

const hashCode = (secret: string, email: string, code: string) =>
  createHmac('sha256', secret).update(`family-code:${email}:${code}`).digest('base64url');

/** Where the e-mailed link lands: the My Bookings page, which confirms it with POST /api/family/link. */
export const signInLink = (publicUrl: string, token: string) =>
  `${publicUrl}/my-bookings?signin=${encodeURIComponent(token)}`;

/**
 * POST /api/family/code: mails a new code and link to `email` (normalised), ending the address's older
 * unused codes. Answers the same for any address: the mail goes to the address's owner, so sending one
 * to an unknown address tells the asker nothing.
 */
export async function requestFamilyCode(opts: {
  db: Db;
  email: string;
  publicUrl: string;
  now: Date;
}): Promise<FamilyCodeResponse> {
  const { db, email, now } = opts;
  const secret = await getAppSecret(db);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const token = newToken();
  const { venue } = await publicCatalogue(db, now);
  await db.transaction(async (tx) => {
    await tx
      .update(familySignInCodes)
      .set({ usedAt: now })
      .where(and(eq(familySignInCodes.email, email), isNull(familySignInCodes.usedAt)));
    await tx.insert(familySignInCodes).values({
      email,
      codeHash: hashCode(secret, email, code),
      linkHash: hashToken(token),
      expiresAt: new Date(now.getTime() + FAMILY_CODE_MS),
      createdAt: now,
    });
    await enqueueMail(
      tx,
      signInCodeMail(email, code, signInLink(opts.publicUrl, token), FAMILY_CODE_MS / 60_000, venue),
    );
  });
  return { sentTo: maskEmail(email), expiresInMinutes: FAMILY_CODE_MS / 60_000 };
}

const refused = (code: 'invalid_code' | 'code_expired', message: string) =>
  new AppError(code, message, { fields: { code: [message] } });
const expired = () => refused('code_expired', 'This code has expired or been used up. Please ask for a new code.');

/**
 * POST /api/family/confirm: checks the address's newest unused code under its row lock. A wrong code
 * counts a try (committed even though the answer is a refusal); the fifth wrong try ends the code.
 */
export async function confirmFamilyCode(opts: { db: Db; email: string; code: string; now: Date }): Promise<void> {
  const { db, email, now } = opts;
  const secret = await getAppSecret(db);
  const refusal = await db.transaction(async (tx): Promise<AppError | null> => {
    const [row] = await tx
      .select()
      .from(familySignInCodes)
      .where(
        and(
          eq(familySignInCodes.email, email),
          isNull(familySignInCodes.usedAt),
          gt(familySignInCodes.createdAt, new Date(now.getTime() - 86_400_000)),
        ),
      )
      .orderBy(desc(familySignInCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row) return refused('invalid_code', 'That code is not right. Please ask for a new code.');
    if (row.expiresAt <= now || row.attempts >= FAMILY_CODE_TRIES) return expired();
    if (sameSecret(row.codeHash, hashCode(secret, email, opts.code))) {
      await tx.update(familySignInCodes).set({ usedAt: now }).where(eq(familySignInCodes.id, row.id));
      return null;
    }
    await tx
      .update(familySignInCodes)
      .set({ attempts: sql`${familySignInCodes.attempts} + 1` })
      .where(eq(familySignInCodes.id, row.id));
    const left = FAMILY_CODE_TRIES - (row.attempts + 1);
    return left > 0
      ? refused('invalid_code', `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`)
      : refused('invalid_code', 'That code is not right. Please ask for a new code.');
  });
  if (refusal) throw refusal;
}

/** The one-click link: single use, within the code's 10 minutes and tries. Returns the address it proves. */
export async function useFamilyLink(opts: { db: Db; token: string; now: Date }): Promise<string> {
  const [row] = await opts.db
    .update(familySignInCodes)
    .set({ usedAt: opts.now })
    .where(
      and(
        eq(familySignInCodes.linkHash, hashToken(opts.token)),
        isNull(familySignInCodes.usedAt),
        gt(familySignInCodes.expiresAt, opts.now),
        sql`${familySignInCodes.attempts} < ${FAMILY_CODE_TRIES}`,
      ),
    )
    .returning({ email: familySignInCodes.email });
  if (!row) throw invalidLink();
  return row.email;
}

export const invalidLink = () =>
  new AppError('invalid_link', 'This sign-in link has expired or was already used. Please ask for a new code.');
