import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { loyaltyMembers } from '../db/schema';
import { requireFamily } from '../families/family-cookie';
import { AppError } from '../http/errors';

/**
 * Everything in the member view needs the family session (DECISIONS.md "Families' data"): without one,
 * 401 saying how to confirm; with one, only the session's own member exists (another's is "not found").
 */
export async function requireOwnMember(ctx: AppContext, request: FastifyRequest, memberId: string): Promise<void> {
  const { email } = await requireFamily(ctx, request);
  const [m] = await ctx.db
    .select({ email: loyaltyMembers.email })
    .from(loyaltyMembers)
    .where(eq(loyaltyMembers.id, memberId));
  if (!m || m.email !== email) throw new AppError('not_found', 'Member not found');
}
