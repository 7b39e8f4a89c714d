import { mkdtempSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { openTestDatabase } from '../testing/test-database';
import type { BackupManifest } from './manifest';
import { restoreBackup } from './restore';
import { dumpStatements, runSqlDump } from './run-sql-dump';
import { pgliteRunner, writeBackup } from './snapshot';
import { tableStats } from './table-stats';

const BOOKINGS = 3000;
/** PGlite starting and migrating, twice: 15-36 s on a busy 2-core machine, over the default 30 s. */
const SLOW_MS = 120_000;
/** Everything that could end a statement early or break out of a quote, in one booking's notes. */
const TRICKY = `Nut allergy; "Zoë's" $$ $x$ E'\\n' -- no comment /* nor this */ \\\\ ;\nsecond line;`;

/**
 * A busy embedded database's backup is restored a statement batch at a time (run-sql-dump.ts), never as
 * one string. This is the embedded database's own path (PostgreSQL's goes through pg_dump and pg_restore,
 * covered by restore-drill.test.ts), so it runs on PGlite only.
 */
describe('restoring a PGlite backup with many rows', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'restore-many-'));
  let source: Database;
  let backup: Awaited<ReturnType<typeof writeBackup>>;
  let sourceBookings: unknown[];
  /** An in-memory database to restore into without a data directory (starting PGlite takes seconds). */
  let scratch: PGlite;

  beforeAll(async () => {
    scratch = new PGlite({ extensions: { pg_trgm } });
    source = await openTestDatabase('pglite');
    await source.pglite!.query(
      `insert into bookings (reference, status, customer_name, customer_email, customer_phone, visit_date,
         session_id, special_requests, loyalty_opt_in, places, original_pence, final_pence, ticket_token)
       select 'PTB-' || lpad(g::text, 6, '0'), 'confirmed',
              case when g % 3 = 0 then 'Pat O''Brien' else 'Zoë Ñúñez' end, 'family' || g || '@example.com',
              '07700 900' || lpad((g % 1000)::text, 3, '0'), date '2025-10-21' + g % 90, 'morning',
              case when g % 10 = 0 then $1 else '' end, g % 2 = 0, 1 + g % 3, 950 * (1 + g % 3), 950 * (1 + g % 3),
              md5('ticket' || g)
         from generate_series(1, ${BOOKINGS}) g`,
      [TRICKY],
    );
    sourceBookings = await bookingsOf(source.pglite!);
    backup = await writeBackup({
      source: { kind: 'pglite', client: source.pglite! },
      dir,
      now: new Date('2025-10-21T09:00:00Z'),
    });
  }, SLOW_MS);

  afterAll(async () => {
    await source?.close();
    await scratch?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('dumps bounded INSERTs of many rows each', async () => {
    let inserts = 0;
    let longest = 0;
    for await (const statement of dumpStatements(backup.file)) {
      if (/^INSERT INTO public\.bookings /m.test(statement)) inserts++;
      longest = Math.max(longest, statement.length);
    }
    expect(inserts).toBeGreaterThan(1);
    expect(inserts).toBeLessThan(BOOKINGS / 100);
    expect(longest).toBeLessThan(2 * 1024 * 1024);
  });

  it(
    'restores every booking as it was, tricky notes included',
    async () => {
      const dataDir = path.join(dir, 'restored');
      const summary = await restoreBackup({ file: backup.file, target: { kind: 'pglite', dataDir } });
      expect(summary.tables['public.bookings']!.rows).toBe(BOOKINGS);
      const restored = await openDatabase({ dataDir });
      try {
        const bookings = await bookingsOf(restored.pglite!);
        expect(bookings).toEqual(sourceBookings);
        expect(bookings.filter((b) => (b as { special_requests: string }).special_requests === TRICKY)).toHaveLength(
          BOOKINGS / 10,
        );
      } finally {
        await restored.close();
      }
    },
    SLOW_MS,
  );

  it(
    'restores the same in small batches, every table equal to the manifest',
    async () => {
      await runSqlDump(scratch, backup.file, 64 * 1024);
      const stats: BackupManifest['tables'] = await scratch.transaction((tx) => tableStats(pgliteRunner(tx)));
      expect(stats).toEqual(backup.manifest.tables);
    },
    SLOW_MS,
  );

  it('rolls back everything when a statement fails after some batches ran', async () => {
    const file = path.join(dir, 'failing.sql.gz');
    const rows = Array.from({ length: 200 }, (_, i) => `insert into public.t values ('row ${i}; still row ${i}');`);
    await writeFile(file, gzipSync(['create table public.t (a text);', ...rows, 'select 1/0;'].join('\n')));
    await expect(runSqlDump(scratch, file, 1000)).rejects.toThrow(/division by zero/);
    const { rows: found } = await scratch.query<{ t: string | null }>(`select to_regclass('public.t')::text as t`);
    expect(found[0]!.t).toBeNull();
  });

  it('refuses a dump with COPY ... FROM stdin data (not one npm run backup makes), restoring nothing', async () => {
    const file = path.join(dir, 'copy.sql.gz');
    await writeFile(
      file,
      gzipSync('create table public.c (a text);\n--\n-- Data\n--\nCOPY public.c (a) FROM stdin;\nx;y\n\\.\n'),
    );
    await expect(runSqlDump(scratch, file)).rejects.toThrow(/COPY \.\.\. FROM stdin data/);
    const { rows } = await scratch.query<{ t: string | null }>(`select to_regclass('public.c')::text as t`);
    expect(rows[0]!.t).toBeNull();
  });
});

async function bookingsOf(client: PGlite): Promise<unknown[]> {
  return (await client.query('select * from public.bookings order by reference')).rows;
}
