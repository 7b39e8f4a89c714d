import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import type { Database } from './client';
import { isDatabaseUnavailable, pgErrorCode } from './pg-error';

describe('pgErrorCode', () => {
  it('finds the SQLSTATE on the error or a few causes down', () => {
    expect(pgErrorCode({ code: '55P03' })).toBe('55P03');
    expect(pgErrorCode(new Error('Failed query', { cause: { code: '23505' } }))).toBe('23505');
    expect(pgErrorCode({ cause: { cause: { cause: { code: '40P01' } } } })).toBe('40P01');
  });

  it('skips codes that are not SQLSTATEs and answers undefined when there is none', () => {
    expect(pgErrorCode({ code: 'EPIPE', cause: { code: '57014' } })).toBe('57014');
    expect(pgErrorCode({ code: 'FST_ERR_CTP_INVALID_JSON_BODY' })).toBeUndefined();
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
    expect(pgErrorCode('23505')).toBeUndefined();
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows shutdowns, lost connections and dead sockets, wrapped or not', () => {
    expect(isDatabaseUnavailable({ code: '57P01' })).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: { code: '08006' } }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: { code: 'ECONNREFUSED' } }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      true,
    );
  });

  it('leaves query errors alone', () => {
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: { code: '23505' } }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});

describe.each(testDbKinds)('pgErrorCode from the driver (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('reads the code of a failed query through Drizzle', async () => {
    const failed = await database.db.execute(sql`select 1 / 0`).catch((err: unknown) => err);
    expect(pgErrorCode(failed)).toBe('22012');
    // One transaction, so the temporary table lives on the one connection that inserts twice.
    const duplicate = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`create temporary table pg_error_probe (id int primary key) on commit drop`);
        await tx.execute(sql`insert into pg_error_probe values (1)`);
        await tx.execute(sql`insert into pg_error_probe values (1)`);
      })
      .catch((err: unknown) => err);
    expect(pgErrorCode(duplicate)).toBe('23505');
  });
});
