import type { z } from 'zod';
import type { createStaffAccountSchema } from '../../shared/contracts/staff';
import type { Db } from '../db/client';
import { staffAccounts } from '../db/schema';
import { AppError } from '../http/errors';
import { hashPassword } from './passwords';

/** Adds a named staff account; a taken username is a 409, not a duplicate. */
export async function createStaffAccount(
  db: Db,
  input: z.infer<typeof createStaffAccountSchema> & { createdBy?: string },
): Promise<{ id: string }> {
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(staffAccounts)
    .values({
      username: input.username,
      displayName: input.displayName,
      role: input.role,
      passwordHash,
      createdBy: input.createdBy ?? null,
    })
    .onConflictDoNothing({ target: staffAccounts.username })
    .returning({ id: staffAccounts.id });
  if (!row)
    throw new AppError('username_taken', 'That username is already taken.', {
      fields: { username: ['That username is already taken.'] },
    });
  return row;
}
