import type { Config } from '../config';
import type { Database } from '../db/client';
import type { BackupSource } from './snapshot';

/** What the server's backup job dumps: the PostgreSQL it was given, or its own embedded PGlite. */
export function backupSourceOf(database: Database, config: Pick<Config, 'DATABASE_URL'>): BackupSource | undefined {
  if (database.kind === 'postgres')
    return config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : undefined;
  return database.pglite ? { kind: 'pglite', client: database.pglite } : undefined;
}
