import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { BackupError } from './manifest';
import { SqlSplitter } from './sql-splitter';

/** Statements are sent in batches of about this many characters: few round trips, little memory. */
const BATCH_CHARS = 4 * 1024 * 1024;

/**
 * Runs a gzipped plain SQL dump (a PGlite backup) in one transaction, reading it as a stream and sending
 * it a few MB of whole statements at a time, so memory stays the same whatever the dump's size: the
 * whole text as one string would stop at V8's limit (about 512 MB). A failure rolls everything back.
 */
export async function runSqlDump(client: PGlite, file: string, batchChars = BATCH_CHARS): Promise<void> {
  await client.transaction(async (tx) => {
    let batch: string[] = [];
    let size = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      const sql = batch.join('\n');
      batch = [];
      size = 0;
      await tx.exec(sql);
    };
    for await (const statement of dumpStatements(file)) {
      batch.push(statement);
      size += statement.length;
      if (size >= batchChars) await flush();
    }
    await flush();
  });
}

/** The statements of a gzipped SQL file, one by one. */
export async function* dumpStatements(file: string): AsyncGenerator<string> {
  // pipeline (not pipe): a damaged gzip or unreadable file ends the loop below with its error.
  const text = pipeline(createReadStream(file), createGunzip(), () => {});
  text.setEncoding('utf8'); // characters split between chunks are joined again
  const splitter = new SqlSplitter();
  for await (const chunk of text as AsyncIterable<string>) {
    for (const statement of splitter.push(chunk)) yield checked(statement);
  }
  for (const statement of splitter.end()) yield checked(statement);
}

/**
 * COPY ... FROM stdin is followed by data, not SQL; pglite-tools dumps INSERTs only (it adds --inserts),
 * so one here means the file was not made by `npm run backup`.
 */
function checked(statement: string): string {
  if (/^\s*COPY\b[^;]*\bFROM\s+stdin\b/i.test(stripLeadingComments(statement)))
    throw new BackupError(
      'This dump holds COPY ... FROM stdin data, which only psql can restore: it was not made by npm run backup.',
    );
  return statement;
}

const stripLeadingComments = (s: string) => s.replace(/^(\s*--[^\n]*\n)*/, '');
