import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { familyProfileEditSchema, FamilyProfileResponse } from '../../shared/contracts/family-profile';
import { addDays, todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { familyChildren, familyProfiles } from '../db/schema';
import { AppError } from '../http/errors';
import { refuseChildrenInUse } from './child-in-use';

/**
 * The family profile of a proven address (issue 39): adults, children and the birthday reminder consent.
 * Only the family session of that address reads or writes it (profile-routes.ts); staff see a child's first
 * name and notes on that family's bookings only.
 */
export async function loadProfile(db: Db, email: string): Promise<FamilyProfileResponse> {
  const [profile] = await db.select().from(familyProfiles).where(eq(familyProfiles.email, email));
  if (!profile)
    return { email, version: 0, adults: [], children: [], birthdayReminders: false, birthdayRemindersChangedAt: null };
  const children = await db
    .select()
    .from(familyChildren)
    .where(eq(familyChildren.email, email))
    .orderBy(familyChildren.dateOfBirth, familyChildren.createdAt);
  return {
    email,
    version: profile.version,
    adults: profile.adults as FamilyProfileResponse['adults'],
    children: children.map((c) => ({ id: c.id, firstName: c.firstName, dateOfBirth: c.dateOfBirth, notes: c.notes })),
    birthdayReminders: profile.birthdayReminders,
    birthdayRemindersChangedAt: profile.birthdayRemindersChangedAt?.toISOString() ?? null,
  };
}

/** A child at a soft play centre: born, and not yet 18. */
const OLDEST_CHILD_DAYS = 18 * 366;

/**
 * PUT /api/family/profile: the whole profile, guarded by its version (0 creates it). Children keep their ids
 * (acceptances name them); a child left out is removed, unless a live membership covers it or a booking still to
 * come names it (child-in-use.ts); an id that is not one of this family's children is a
 * 404, as a guessed id must be. Consent changes are stamped with their time.
 */
export async function saveProfile(opts: {
  db: Db;
  email: string;
  input: z.infer<typeof familyProfileEditSchema>;
  now: Date;
}): Promise<void> {
  const { db, email, input, now } = opts;
  const today = todayInLondon(now);
  const fields: Record<string, string[]> = {};
  input.children.forEach((c, i) => {
    if (c.dateOfBirth > today) fields[`children.${i}.dateOfBirth`] = ['A date of birth cannot be in the future'];
    else if (c.dateOfBirth < addDays(today, -OLDEST_CHILD_DAYS))
      fields[`children.${i}.dateOfBirth`] = ['Children on a profile are under 18'];
  });
  if (Object.keys(fields).length > 0) throw new AppError('invalid_input', Object.values(fields)[0]![0]!, { fields });

  await db.transaction(async (tx) => {
    const [profile] = await tx.select().from(familyProfiles).where(eq(familyProfiles.email, email)).for('update');
    if ((profile?.version ?? 0) !== input.version)
      throw new AppError('stale_version', 'Your family details were changed elsewhere. Here is what they say now.', {
        current: await loadProfile(tx, email),
      });
    const consentChanged = (profile?.birthdayReminders ?? false) !== input.birthdayReminders;
    const values = {
      adults: input.adults,
      birthdayReminders: input.birthdayReminders,
      ...(consentChanged ? { birthdayRemindersChangedAt: now } : {}),
      updatedAt: now,
    };
    if (!profile) await tx.insert(familyProfiles).values({ email, ...values, version: 1, createdAt: now });
    else
      await tx
        .update(familyProfiles)
        .set({ ...values, version: profile.version + 1 })
        .where(eq(familyProfiles.email, email));

    const kept = input.children.flatMap((c) => (c.id ? [c.id] : []));
    const existing = (
      await tx.select({ id: familyChildren.id }).from(familyChildren).where(eq(familyChildren.email, email))
    ).map((c) => c.id);
    if (kept.some((id) => !existing.includes(id)))
      throw new AppError('not_found', 'One of these children is not on your profile: reload the page.');
    const removed = existing.filter((id) => !kept.includes(id));
    // What a membership or a booking still needs stays (issue 46): 409 child_in_use, nothing saved.
    await refuseChildrenInUse(tx, { email, childIds: removed, now });
    if (removed.length > 0)
      await tx.delete(familyChildren).where(and(eq(familyChildren.email, email), inArray(familyChildren.id, removed)));
    for (const c of input.children) {
      const row = { firstName: c.firstName, dateOfBirth: c.dateOfBirth, notes: c.notes };
      if (c.id) await tx.update(familyChildren).set(row).where(eq(familyChildren.id, c.id));
      else await tx.insert(familyChildren).values({ email, ...row, createdAt: now });
    }
  });
}
