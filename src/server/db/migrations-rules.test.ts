import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Rules every migration keeps, so an upgrade never loses data or stops the site (DECISIONS.md "Nothing is lost").
 * drizzle's migrator runs all pending migrations in ONE transaction (migrate() in
 * node_modules/drizzle-orm/pg-core/dialect.js), so a failure rolls everything back (migration-transaction.test.ts).
 *
 * The ANALYZE statements were added to migrations that had already shipped. That is safe: drizzle decides what
 * to run only by comparing each journal entry's `when` with the created_at of the last row in
 * drizzle.__drizzle_migrations; the sha256 of the file (readMigrationFiles in node_modules/drizzle-orm/migrator.js)
 * is stored but never compared. A database that ran the old text runs nothing again (proved in
 * migration-transaction.test.ts).
 */

const folder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Statements that rewrite a whole table under an ACCESS EXCLUSIVE lock (reads wait too). Adding a column with a
 * constant default does not rewrite (PostgreSQL 11+); a volatile default, a type change, VACUUM FULL and CLUSTER do.
 */
const rewrites: { what: string; pattern: RegExp }[] = [
  { what: 'a column type change', pattern: /\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b/i },
  { what: 'VACUUM FULL', pattern: /\bVACUUM\s+(\(\s*)?FULL\b/i },
  { what: 'CLUSTER', pattern: /^\s*CLUSTER\b/im },
  {
    what: 'a column with a volatile default',
    pattern: /\bADD\s+COLUMN\b[^;]*\bDEFAULT\s+(gen_random_uuid|random|now|clock_timestamp|uuid_generate_\w+)\s*\(/i,
  },
];

/**
 * Rewrites that shipped before this rule, with why they were fine. New ones say why in a `--` comment
 * inside the statement itself instead.
 */
const reviewedRewrites: Record<string, string> = {
  '0007_staff_accounts_devices.sql':
    'staff_sessions gets an id: one row per sign-in, a few thousand at most, rewritten in milliseconds',
};

const withoutComments = (statement: string) => statement.replace(/--[^\n]*/g, '');

/** Everything wrong with one migration file's text; [] when it keeps every rule. */
function problemsIn(file: string, text: string): string[] {
  const problems: string[] = [];
  const statements = text.split('--> statement-breakpoint');
  const analyzed = statements.map((s) => /^\s*ANALYZE\s+"?(\w+)"?/im.exec(withoutComments(s))?.[1]);
  statements.forEach((statement, i) => {
    const code = withoutComments(statement);
    // CONCURRENTLY cannot run inside a transaction block, and drizzle runs every migration in one.
    if (/\bCONCURRENTLY\b/i.test(code)) problems.push(`${file}: CONCURRENTLY cannot run in the migration transaction`);
    // A new index is only used well once the planner has statistics for it: ANALYZE what was indexed.
    for (const m of code.matchAll(
      /\bCREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:IF\s+NOT\s+EXISTS\s+)?"?\w+"?\s+ON\s+(?:ONLY\s+)?"?(\w+)"?/gi,
    ))
      if (!analyzed.slice(i + 1).includes(m[1]))
        problems.push(`${file}: index on "${m[1]}" is not followed by ANALYZE "${m[1]}"`);
    for (const { what, pattern } of rewrites)
      if (pattern.test(code) && !/--/.test(statement) && !reviewedRewrites[file])
        problems.push(`${file}: ${what} rewrites the table under an exclusive lock; say why in a -- comment`);
  });
  return problems;
}

describe('migration rules', () => {
  const files = readdirSync(folder).filter((f) => f.endsWith('.sql'));

  it('finds the migrations', () => {
    expect(files.length).toBeGreaterThanOrEqual(25);
  });

  it('every migration keeps the rules', () => {
    const problems = files.flatMap((f) => problemsIn(f, readFileSync(path.join(folder, f), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('catches each kind of mistake', () => {
    const bp = '--> statement-breakpoint\n';
    expect(problemsIn('x.sql', 'CREATE INDEX CONCURRENTLY "a_idx" ON "a" ("b");' + bp + 'ANALYZE "a";')).toEqual([
      'x.sql: CONCURRENTLY cannot run in the migration transaction',
    ]);
    expect(problemsIn('x.sql', 'CREATE INDEX "a_idx" ON "a" USING btree ("b");')).toEqual([
      'x.sql: index on "a" is not followed by ANALYZE "a"',
    ]);
    // ANALYZE before the index, or of another table, does not count.
    expect(problemsIn('x.sql', 'ANALYZE "a";' + bp + 'CREATE UNIQUE INDEX "a_idx" ON "a" ("b");')).toHaveLength(1);
    expect(problemsIn('x.sql', 'CREATE INDEX "a_idx" ON "a" ("b");' + bp + 'ANALYZE "c";')).toHaveLength(1);
    expect(problemsIn('x.sql', 'CREATE INDEX "a_idx" ON "a" ("b");' + bp + 'ANALYZE "a";')).toEqual([]);
    for (const rewrite of [
      'ALTER TABLE "a" ALTER COLUMN "b" SET DATA TYPE bigint;',
      'ALTER TABLE "a" ALTER COLUMN "b" TYPE text;',
      'VACUUM FULL "a";',
      'CLUSTER "a" USING "a_idx";',
      'ALTER TABLE "a" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;',
    ]) {
      expect(problemsIn('x.sql', rewrite), rewrite).toHaveLength(1);
      expect(problemsIn('x.sql', `-- "a" has ten rows: the rewrite is instant.\n${rewrite}`), rewrite).toEqual([]);
    }
    expect(problemsIn('x.sql', `ALTER TABLE "a" ADD COLUMN "v" integer DEFAULT 1 NOT NULL;`)).toEqual([]);
  });
});
