import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedVenue } from './db/seed';
import { seedDemoData } from './db/seed-demo';
import { buildApp } from './app';
import { ensureFirstAdmin } from './staff/ensure-first-admin';

// A .env file, when there is one, fills variables the environment does not set.
try {
  process.loadEnvFile();
} catch {
  /* no .env: defaults apply */
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await seedVenue(database.db);
await seedDemoData(database.db, new Date(), config.NODE_ENV);
const firstAdmin = await ensureFirstAdmin(database.db, config.ADMIN_PASSWORD);
if (firstAdmin.created && firstAdmin.generated) {
  // Shown once: only its hash is stored.
  console.log(
    `\nCreated the first staff account.\n  username: admin\n  password: ${firstAdmin.password}\nSign in at /admin and add named accounts for your team.\n`,
  );
}
const { app } = await buildApp({ db: database.db, config, startJobs: true }).catch(async (err: unknown) => {
  // A configuration the server must not run with (e.g. production without Stripe): say why, stop.
  console.error(err instanceof Error ? err.message : err);
  await database.close();
  process.exit(1);
});

// SIGTERM: stop accepting, let in-flight requests finish, then close the database.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    // A hard limit: connections still open after 10 s are cut.
    setTimeout(() => app.server.closeAllConnections(), 10_000).unref();
    await app.close();
    await database.close();
    process.exit(0);
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(
  `Play Time Barn is running on http://localhost:${config.PORT} (database: ${database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL'})`,
);
