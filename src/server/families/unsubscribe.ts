import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { familyProfiles } from '../db/schema';
import { AppError } from '../http/errors';
import { getAppSecret, signToken, verifyToken } from '../security/app-secret';

const PURPOSE = 'birthday-reminders-unsubscribe';

/**
 * The one-click unsubscribe of birthday reminders (RFC 8058): the link names the profile's unsubscribe id,
 * signed with the app secret, so it works without signing in and cannot be guessed or altered. It says
 * nothing of the address it belongs to.
 */
export function unsubscribeUrl(publicUrl: string, secret: string, unsubscribeId: string): string {
  return `${publicUrl}/api/unsubscribe/${encodeURIComponent(signToken(secret, PURPOSE, unsubscribeId))}`;
}

const badLink = () =>
  new AppError('invalid_link', 'This unsubscribe link is not valid. Sign in to My Bookings to change your e-mails.');

async function profileOfToken(db: Db, token: string) {
  const id = verifyToken(await getAppSecret(db), PURPOSE, token);
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) throw badLink();
  const [profile] = await db
    .select({ email: familyProfiles.email, birthdayReminders: familyProfiles.birthdayReminders })
    .from(familyProfiles)
    .where(eq(familyProfiles.unsubscribeId, id));
  // A profile erased or deleted since: the mails have stopped all the same.
  return profile ?? null;
}

/** GET: whether the link's profile still receives reminders (a mail scanner's GET changes nothing). */
export async function unsubscribeStatus(db: Db, token: string): Promise<{ subscribed: boolean }> {
  const profile = await profileOfToken(db, token);
  return { subscribed: profile?.birthdayReminders ?? false };
}

/** POST: withdraws the consent, stamped with its time; once (a repeat changes nothing, the time included). */
export async function unsubscribe(db: Db, token: string, now: Date): Promise<{ subscribed: false }> {
  const profile = await profileOfToken(db, token);
  if (profile?.birthdayReminders)
    await db
      .update(familyProfiles)
      .set({ birthdayReminders: false, birthdayRemindersChangedAt: now, updatedAt: now })
      .where(eq(familyProfiles.email, profile.email));
  return { subscribed: false };
}
