import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/**
 * A function returning the row count of every table (but the abuse-limit counters, which are
 * bookkeeping, not data), so a test can show that a refused request wrote nothing anywhere.
 */
export async function rowCounter(db: Db): Promise<() => Promise<unknown>> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limit_hits' order by 1`,
    ),
  ).map((r) => r.table_name);
  const counts = sql.raw(
    `select json_build_object(${tables.map((n) => `'${n}', (select count(*) from "${n}")`).join(', ')}) as c`,
  );
  return async () => rowsOf<{ c: unknown }>(await db.execute(counts))[0]!.c;
}
