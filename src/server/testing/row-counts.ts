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
  // A function takes at most 100 arguments: the tables in groups of 40, the objects joined.
  const groups: string[][] = [];
  for (let i = 0; i < tables.length; i += 40) groups.push(tables.slice(i, i + 40));
  const objects = groups.map(
    (g) => `jsonb_build_object(${g.map((n) => `'${n}', (select count(*) from "${n}")`).join(', ')})`,
  );
  const counts = sql.raw(`select ${objects.join(' || ')} as c`);
  return async () => rowsOf<{ c: unknown }>(await db.execute(counts))[0]!.c;
}
