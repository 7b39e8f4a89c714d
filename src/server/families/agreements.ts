import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { acceptAgreementSchema, FamilyAgreementsResponse } from '../../shared/contracts/family-profile';
import { agreementInForce } from '../catalogue/agreement';
import type { Db } from '../db/client';
import { agreementAcceptances, familyChildren } from '../db/schema';
import { AppError } from '../http/errors';

/**
 * An adult accepts the visit agreement online, before the visit (issue 39): the version in force, for named
 * children of the family's profile, with a typed full name and a tick; the time and version are recorded.
 * An acceptance is never edited: a newer version makes it stale and the family accepts again.
 */
export async function acceptAgreement(opts: {
  db: Db;
  email: string;
  input: z.infer<typeof acceptAgreementSchema>;
  via: 'online' | 'kiosk';
  bookingId?: string;
  now: Date;
}): Promise<{ id: string }> {
  const { db, email, input, now } = opts;
  const agreement = await agreementInForce(db, now);
  if (agreement.version !== input.version)
    throw new AppError(
      'agreement_changed',
      'The rules of play have changed since this page was opened: please read them again.',
      {
        current: agreement,
      },
    );
  const children = await db
    .select({ id: familyChildren.id, firstName: familyChildren.firstName })
    .from(familyChildren)
    .where(and(eq(familyChildren.email, email), inArray(familyChildren.id, input.childIds)));
  // Another family's child, or a guessed id: the same 404 as a child that was never there.
  if (children.length !== new Set(input.childIds).size)
    throw new AppError('not_found', 'One of these children is not on your profile: reload the page.');
  const [row] = await db
    .insert(agreementAcceptances)
    .values({
      email,
      version: agreement.version,
      fullName: input.fullName,
      childIds: children.map((c) => c.id),
      childNames: children.map((c) => c.firstName),
      bookingId: opts.bookingId ?? null,
      acceptedVia: opts.via,
      acceptedAt: now,
    })
    .returning({ id: agreementAcceptances.id });
  return { id: row!.id };
}

/**
 * Whether the address has accepted the rules of play in force (for any of its children): a booking's
 * confirmation mail asks for it when not (issue 39).
 */
export async function hasAcceptedAgreement(db: Db, email: string, now: Date): Promise<boolean> {
  const agreement = await agreementInForce(db, now).catch(() => null);
  if (!agreement) return true; // no rules of play published: nothing to ask for
  const [row] = await db
    .select({ id: agreementAcceptances.id })
    .from(agreementAcceptances)
    .where(and(eq(agreementAcceptances.email, email), eq(agreementAcceptances.version, agreement.version)))
    .limit(1);
  return row !== undefined;
}

/** GET /api/family/agreements: the version in force, this family's acceptances, and who still needs one. */
export async function familyAgreements(db: Db, email: string, now: Date): Promise<FamilyAgreementsResponse> {
  const agreement = await agreementInForce(db, now);
  const rows = await db
    .select()
    .from(agreementAcceptances)
    .where(eq(agreementAcceptances.email, email))
    .orderBy(desc(agreementAcceptances.acceptedAt));
  const covered = new Set(rows.filter((r) => r.version === agreement.version).flatMap((r) => r.childIds));
  const children = await db
    .select({ id: familyChildren.id, firstName: familyChildren.firstName })
    .from(familyChildren)
    .where(eq(familyChildren.email, email))
    .orderBy(familyChildren.dateOfBirth);
  return {
    agreement,
    acceptances: rows.map((r) => ({
      id: r.id,
      version: r.version,
      fullName: r.fullName,
      childIds: r.childIds,
      childNames: r.childNames,
      acceptedVia: r.acceptedVia,
      acceptedAt: r.acceptedAt.toISOString(),
      current: r.version === agreement.version,
    })),
    childrenToAccept: children.filter((c) => !covered.has(c.id)),
  };
}

/** The family's page in My Bookings, where the rules of play are accepted (a sign-in first when needed). */
export const familyPageUrl = (publicUrl: string): string => `${publicUrl}/my-bookings/family`;
