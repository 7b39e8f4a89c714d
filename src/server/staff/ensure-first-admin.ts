import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/client';
import { hashPassword } from './passwords';

/**
 * First start with no staff account (DECISIONS.md): create "admin" with ADMIN_PASSWORD, or with a
 * generated password that is returned once for the console. Two processes starting together on one
 * database: the insert is conditional, so only the one that created the account reports a password.
 */
export async function ensureFirstAdmin(
  db: Db,
  adminPassword: string | undefined,
): Promise<{ created: false } | { created: true; password: string; generated: boolean }> {
  const existing = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from staff_accounts`));
  if ((existing[0]?.n ?? 0) > 0) return { created: false };
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const inserted = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into staff_accounts (username, display_name, role, password_hash)
      select 'admin', 'Admin', 'admin', ${passwordHash}
      where not exists (select 1 from staff_accounts)
      on conflict (username) do nothing
      returning id`),
  );
  if (inserted.length === 0) return { created: false };
  return { created: true, password, generated: adminPassword === undefined };
}
