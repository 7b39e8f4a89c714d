import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedVenue } from './catalogue/seed-venue';
import { seedDemoData } from './db/seed-demo';
import { buildApp } from './app';
import { backupSourceOf } from './backup/nightly-source';
import { ensureFirstAdmin } from './staff/ensure-first-admin';
import { drainConnections } from './http/drain-connections';
import { takeInheritedListenFd } from './http/inherited-socket';

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
const { app, beginDrain } = await buildApp({
  db: database.db,
  config,
  startJobs: true,
  backupSource: backupSourceOf(database, config),
  poolStats: database.poolStats,
}).catch(async (err: unknown) => {
  // A configuration the server must not run with (e.g. production without Stripe): say why, stop.
  console.error(err instanceof Error ? err.message : err);
  await database.close();
  process.exit(1);
});

// SIGTERM: stop accepting, finish the requests in flight, let each background job finish its run in
// progress, close the database, exit 0; all within 10 s, so a supervisor (systemd's TimeoutStopSec, a
// rolling restart) never has to kill the process. docs/deployment.md has the budget.
const SHUTDOWN_LIMIT_MS = 10_000;
const CUT_REQUESTS_AFTER_MS = 6_000; // leaves the jobs (JOB_STOP_WAIT_MS each) and the pool time to close
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.log.info(`${signal}: shutting down`);
    // The hard bound: whatever still hangs (a job past its wait, a pool that will not close) is abandoned,
    // and the exit code says the shutdown was not clean.
    setTimeout(() => {
      app.log.error(`shutdown not finished after ${SHUTDOWN_LIMIT_MS - 500} ms; exiting now`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS - 500).unref();
    beginDrain(); // /readyz answers 503; responses close their connections
    const { cut } = await drainConnections(app.server, { cutAfterMs: CUT_REQUESTS_AFTER_MS });
    if (cut) app.log.warn(`requests still running after ${CUT_REQUESTS_AFTER_MS} ms were cut`);
    await app.close(); // onClose hooks: each job stops and waits (bounded) for its run in progress
    await database.close();
    app.log.info(`shut down in ${Date.now() - started} ms`);
    process.exit(0);
  });
}

// Under a systemd socket unit the socket is handed to us (and outlives us: see inherited-socket.ts).
const inheritedFd = takeInheritedListenFd(process.env, process.pid);
// Fastify hands its options to net.Server#listen, which takes `fd`; Fastify's types do not list it.
const onInheritedSocket = { fd: inheritedFd, host: config.HOST };
await app.listen(inheritedFd === undefined ? { port: config.PORT, host: config.HOST } : onInheritedSocket);
app.log.info(
  `Play Time Barn is running on http://localhost:${config.PORT}${inheritedFd === undefined ? '' : ' (socket passed by its supervisor)'} (database: ${database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL'})`,
);
