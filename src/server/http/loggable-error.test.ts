import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { loggableError } from './loggable-error';

/** What a pino logger (Fastify's, with its default error serializer) would write for this error. */
function logLine(err: unknown): string {
  let line = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      line += String(chunk);
      done();
    },
  });
  pino(sink).error({ err }, 'unhandled error');
  return line;
}

describe.each(testDbKinds)('database errors in logs on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('are logged without the values the query ran with, keeping what locates the fault', async () => {
    const mail = { template: 't', toAddress: 'secret.family@example.com', subject: 'Code 482913', text: 'x' };
    await database.db.insert(outbox).values({ ...mail, dedupeKey: 'dk-private-key' });
    const err = await database.db
      .insert(outbox)
      .values({ ...mail, dedupeKey: 'dk-private-key' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    // As thrown, the error carries the values (this is what used to be logged).
    expect(logLine(err)).toContain('secret.family@example.com');

    const line = logLine(loggableError(err));
    for (const value of ['secret.family@example.com', '482913', 'dk-private-key']) expect(line).not.toContain(value);
    expect(line).toContain('insert into \\"outbox');
    expect(line).toContain('outbox_dedupe_key_unique');
    expect(line).toContain('23505');
  });

  it('leaves an error without database values as it is', async () => {
    const plain = new Error('boom');
    expect(loggableError(plain)).toBe(plain);
    const err = await database.db.execute(sql`select * from no_such_table where x = ${'secret@example.com'}`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(logLine(loggableError(err))).not.toContain('secret@example.com');
  });
});
