import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupTables } from './pglite-dump';
import { runSqlDump } from './run-sql-dump';
import { pgliteRunner, writeBackup } from './snapshot';
import { tableStats } from './table-stats';

/** Two PGlite instances starting on a busy 2-core machine: well over the default 30 s at worst. */
const SLOW_MS = 120_000;

describe('grouping tables into dump pieces', () => {
  it('packs big tables into groups of at most a piece, a bigger one alone, and leaves small ones out', () => {
    const t = (pattern: string, bytes: number) => ({ pattern, bytes });
    expect(groupTables([t('a', 5), t('huge', 500), t('b', 40), t('c', 60), t('tiny', 9)], 100)).toEqual([
      ['huge'],
      ['c', 'b'],
    ]);
  });
});

/**
 * An embedded database's backup is dumped in pieces (pglite-dump.ts): schema, then data a group of tables
 * at a time, then constraints. Pieces this small put every table in its own piece, in size order, so a
 * child's rows can come before its parent's: they must still restore, because the foreign keys are
 * only added afterwards. Schema only, no migrations: the app's tables are covered by restore-many-rows.
 */
describe('a PGlite backup written in pieces', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-dump-'));
  let source: PGlite;
  let restored: PGlite;
  let backup: Awaited<ReturnType<typeof writeBackup>>;
  let sql: string;

  beforeAll(async () => {
    source = new PGlite();
    restored = new PGlite();
    await source.exec(`
      create sequence ticket_numbers start 100;
      create table staff (id serial primary key, name text not null, manager_id int references staff(id));
      create table families (id serial primary key, name text not null, favourite_child_id int);
      create table children (id serial primary key, family_id int not null references families(id),
                             name text not null, ticket int not null default nextval('ticket_numbers'));
      alter table families add foreign key (favourite_child_id) references children(id);
      -- Updated rows move to the end of the table: Ann (1) is dumped before her manager Bea (2).
      insert into staff (name) values ('Ann'), ('Bea'), ('Boss');
      update staff set manager_id = id + 1 where id < 3;
    `);
    await source.exec(`
      insert into families (name) select 'Family ' || g from generate_series(1, 20) g;
      insert into children (family_id, name) select 1 + g % 20, 'Zoë ' || g from generate_series(1, 400) g;
      update families set favourite_child_id = id;
    `);
    backup = await writeBackup({
      source: { kind: 'pglite', client: source },
      dir,
      now: new Date('2025-10-21T09:00:00Z'),
      pglitePieceBytes: 1,
    });
    sql = gunzipSync(await readFile(backup.file)).toString('utf8');
  }, SLOW_MS);

  afterAll(async () => {
    await source?.close();
    await restored?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is made of several pg_dump runs: schema, each table, constraints', () => {
    const runs = sql.match(/^-- PostgreSQL database dump complete$/gm) ?? [];
    // pre-data, the rest (sequences), staff, families, children, post-data
    expect(runs.length).toBe(6);
    expect(sql.indexOf('CREATE TABLE public.children')).toBeLessThan(sql.indexOf('INSERT INTO public.children'));
    expect(sql.indexOf('INSERT INTO public.children')).toBeLessThan(sql.indexOf('INSERT INTO public.families'));
    expect(sql.indexOf('INSERT INTO public.families')).toBeLessThan(sql.indexOf('FOREIGN KEY'));
  });

  it(
    'restores every row, the foreign keys and the sequences',
    async () => {
      await runSqlDump(restored, backup.file);
      const stats = await restored.transaction((tx) => tableStats(pgliteRunner(tx)));
      expect(stats).toEqual(backup.manifest.tables);
      expect(backup.manifest.tables['public.children']!.rows).toBe(400);
      const { rows: fks } = await restored.query<{ n: number }>(
        `select count(*)::int as n from pg_constraint where contype = 'f'`,
      );
      expect(fks[0]!.n).toBe(3);
      const { rows: next } = await restored.query<{ ticket: string; staff: string; family: string }>(
        `select nextval('public.ticket_numbers')::text as ticket, nextval('public.staff_id_seq')::text as staff,
                nextval('public.families_id_seq')::text as family`,
      );
      expect(next[0]).toEqual({ ticket: '500', staff: '4', family: '21' });
    },
    SLOW_MS,
  );
});
