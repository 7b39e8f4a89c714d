import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { rowsOf, type Database, type Db } from './client';
import { executePrepared } from './prepared';

describe.each(testDbKinds)('executePrepared (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('answers as db.execute does, for each value, past the point where PostgreSQL keeps a generic plan', async () => {
    const query = (from: string) => sql`select id, capacity from session_times where id >= ${from} order by sort, id`;
    for (const from of ['a', 'm', 'z', 'a', 'm', 'z', 'a', 'm', 'z']) {
      const prepared = rowsOf(await executePrepared(database.db, query(from)));
      expect(prepared, from).toEqual(rowsOf(await database.db.execute(query(from))));
    }
    expect(rowsOf(await executePrepared(database.db, query('a'))).length).toBeGreaterThan(0);
    expect(rowsOf(await executePrepared(database.db, query('zz')))).toEqual([]);
  });

  it('is a named statement on the connection that ran it (PGlite has none: its name is ignored)', async () => {
    const names = await database.db.transaction(async (tx) => {
      await executePrepared(tx as unknown as Db, sql`select ${'named'}::text as n`);
      return rowsOf<{ name: string }>(
        await tx.execute(sql`select name from pg_prepared_statements where statement = 'select $1::text as n'`),
      ).map((r) => r.name);
    });
    expect(names.filter((n) => n.startsWith('ptb_')).length).toBe(kind === 'postgres' ? 1 : 0);
  });

  it('keeps two statements apart: another text is another name', async () => {
    const [one] = rowsOf<{ n: number }>(await executePrepared(database.db, sql`select ${1}::int as n`));
    const [two] = rowsOf<{ n: number; m: number }>(
      await executePrepared(database.db, sql`select ${2}::int as n, ${3}::int as m`),
    );
    expect(one).toEqual({ n: 1 });
    expect(two).toEqual({ n: 2, m: 3 });
  });
});
