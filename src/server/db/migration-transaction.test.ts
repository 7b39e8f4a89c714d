import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  copyMigrations,
  openScratchDatabase,
  type MigrationsCopy,
  type ScratchDatabase,
} from '../testing/migration-scratch';
import { testDbKinds } from '../testing/test-database';
import { rowsOf } from './client';

/*
 * drizzle's migrator runs every pending migration in ONE transaction (migrate() in
 * node_modules/drizzle-orm/pg-core/dialect.js). This proves it on both databases: an upgrade that fails
 * halfway leaves the database exactly at the version it had, with its data, and the next start can upgrade.
 */

/** Every migration the code ships: after a successful upgrade, each one is applied. */
const shippedMigrations = (
  JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

const BROKEN = [
  'CREATE TABLE "half_done" ("id" integer PRIMARY KEY);',
  'ALTER TABLE "bookings" ADD COLUMN "half_col" integer DEFAULT 7 NOT NULL;',
  'INSERT INTO "half_done" VALUES (1);',
  'UPDATE "ticket_types" SET "title" = \'changed by a broken migration\';',
  'SELECT 1 / 0;',
].join('--> statement-breakpoint\n');

describe.each(testDbKinds)('a migration that fails halfway (%s)', (kind) => {
  const open: (ScratchDatabase | MigrationsCopy)[] = [];
  afterEach(async () => {
    for (const o of open.splice(0))
      if ('remove' in o) o.remove();
      else await o.close();
  });

  const one = async <T>(database: ScratchDatabase, query: ReturnType<typeof sql>) =>
    rowsOf<T>(await database.db.execute(query))[0]!;
  const tableExists = async (database: ScratchDatabase, table: string) =>
    (await one<{ t: string | null }>(database, sql`select to_regclass(${`public.${table}`})::text as t`)).t !== null;
  const applied = async (database: ScratchDatabase) =>
    rowsOf<{ created_at: string }>(
      await database.db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at`),
    ).map((r) => Number(r.created_at));

  it('leaves nothing of the failed upgrade: the database stays at the previous version, with its data', async () => {
    const previous = copyMigrations({ through: '0023' });
    const next = copyMigrations();
    next.append('0099_broken', BROKEN);
    const database = await openScratchDatabase(kind);
    open.push(previous, next, database);

    await database.migrate(previous.folder);
    await database.db.execute(sql`insert into ticket_types (id, title, description, age_range, colour, is_child, sort)
      values ('toddler', 'Toddler', 'Under 3', '0-3', 'pink', true, 1)`);
    const before = await applied(database);
    expect(before).toHaveLength(24);

    // 0024 and the broken migration are pending together: both go, as one.
    const failure = await database.migrate(next.folder).then(
      () => null,
      (err: Error & { cause?: Error }) => err,
    );
    // drizzle wraps the driver's error ("Failed query: ...") and keeps it as the cause.
    expect(failure?.cause?.message ?? failure?.message).toMatch(/division by zero/);
    expect(await applied(database)).toEqual(before);
    expect(await tableExists(database, 'half_done')).toBe(false);
    expect(await tableExists(database, 'staff_devices')).toBe(false); // 0024, run in the same transaction
    const bookingColumns = rowsOf<{ column_name: string }>(
      await database.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'bookings' and column_name = 'half_col'`,
      ),
    );
    expect(bookingColumns).toEqual([]);
    expect(await one<{ title: string }>(database, sql`select title from ticket_types where id = 'toddler'`)).toEqual({
      title: 'Toddler',
    });

    // Still works at the previous version, and the next start (the broken migration fixed) upgrades it.
    await database.db.execute(sql`update ticket_types set sort = 2 where id = 'toddler'`);
    const fixed = copyMigrations();
    open.push(fixed);
    await database.migrate(fixed.folder);
    expect(await applied(database)).toHaveLength(shippedMigrations);
    expect(await tableExists(database, 'staff_devices')).toBe(true);
    expect(await one<{ sort: number }>(database, sql`select sort from ticket_types where id = 'toddler'`)).toEqual({
      sort: 2,
    });
    // It applies every shipped migration (43 and growing) to a scratch database: 6 s on a quiet machine, and
    // over the 30 s default when the machine is busy, so it has a bound of its own.
  }, 90_000);

  it('never runs an applied migration again, even if its file changed (drizzle compares timestamps, not hashes)', async () => {
    const folder = copyMigrations();
    const database = await openScratchDatabase(kind);
    open.push(folder, database);
    await database.migrate(folder.folder);
    const before = await applied(database);
    // What adding the ANALYZE statements did to shipped files, and worse: this would fail if it ran.
    appendFileSync(path.join(folder.folder, '0003_credits.sql'), '--> statement-breakpoint\nSELECT 1 / 0;');
    await database.migrate(folder.folder);
    expect(await applied(database)).toEqual(before);
  });
});
