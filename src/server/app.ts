import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import { errorCatalogue } from '../shared/contracts/errors';
import { maskEmailsIn } from '../shared/mask';
import type { Config } from './config';
import type { AppContext } from './context';
import type { RouteScopes } from './http/route-scopes';
import type { Db } from './db/client';
import { pruneRateLimits } from './abuse/rate-limit';
import { pruneKnownDevices } from './staff/known-devices';
import { errorBody, installErrorHandler, sendError } from './http/errors';
import { QuietRequestLog } from './http/request-log';
import { eventRoutes } from './events/routes';
import { registerSecurityHeaders } from './http/security';
import { registerWebPages } from './http/web-pages';
import { calendarRoutes } from './calendar/routes';
import { trustProxyOption } from './http/trust-proxy';
import { inquiryRoutes } from './inquiries/routes';
import { createMailWorker } from './mail/mail-worker';
import { mailRoutes } from './mail/routes';
import { overviewRoutes } from './overview/routes';
import { foldSalesByDay } from './overview/sales-by-day';
import { siteRoutes } from './site/routes';
import { catalogueRoutes } from './catalogue/routes';
import { publicCatalogue } from './catalogue/catalogue-store';
import { staffRoutes } from './staff/routes';
import { tillReaderRoutes } from './till/reader-routes';
import { staffPartyRoutes } from './parties/staff/routes';
import cookie from '@fastify/cookie';
import { socialRoutes } from './social/routes';
import { bookingRoutes } from './bookings/routes';
import { creditRoutes } from './credits/routes';
import { giftVoucherRoutes } from './gift-vouchers/routes';
import { maskVoucherCodesIn } from './gift-vouchers/gift-voucher-code';
import { maskLinkTokensIn } from './http/mask-link-tokens';
import { sendDueGiftVouchersFor } from './gift-vouchers/send-due-vouchers';
import { waitingListRoutes } from './waiting-list/routes';
import { nudgeWaitingList, OFFER_PASS_INTERVAL_MS, runOfferPassFor } from './waiting-list/offer-job';
import { useOffer } from './waiting-list/use-offer';
import { sendBirthdayReminders } from './families/birthday-reminders';
import { familyProfileRoutes } from './families/profile-routes';
import { membershipRoutes } from './memberships/routes';
import { coverMembers } from './memberships/member-cover';
import { memberCardBookings, memberCardsOfDay } from './memberships/member-card';
import { runMembershipRenewals } from './memberships/renew-memberships';
import { familyRoutes } from './families/routes';
import { myBookingsRoutes } from './bookings/my-bookings-routes';
import { partyGuestRoutes } from './parties/guests/routes';
import { runPartyBalanceReminders } from './parties/guests/balance-reminders';
import { checkInRoutes } from './checkin/routes';
import { loyaltyRoutes } from './loyalty/routes';
import { partyRoutes } from './parties/routes';
import { runSweep } from './sweep';
import { createIntervalJob } from './jobs/interval-job';
import { createJobMonitor } from './observability/job-monitor';
import { observabilityRoutes, type PoolStats } from './observability/routes';
import { openApiRoutes } from './http/openapi/routes';
import { createReminderJob } from './bookings/visit-reminders';
import { createBackupJob } from './backup/nightly';
import { serverPidFile } from './backup/server-pid';
import type { BackupSource } from './backup/snapshot';
import { paymentDeps } from './payments/payment-deps';
import { paymentRoutes } from './payments/routes';
import { createRetentionJob } from './privacy/retention-job';
import { privacyRoutes } from './privacy/routes';
import { accountsRoutes } from './accounts/routes';
import { exportRoutes } from './exports/routes';
import type { PaymentProvider } from './payments/provider';
import { selectPaymentProvider } from './payments/select-provider';
import { composeSellers } from './sellers';
import { tillRoutes } from './till/routes';
import { cafeOrderRoutes } from './cafe-orders/routes';

export type BuildAppOptions = {
  db: Db;
  config: Config;
  now?: () => Date;
  /** Folder of the built web app; defaults to dist/web beside the project. */
  webRoot?: string;
  /** Background jobs (mail, sweeps) run in the server process, not in most tests. */
  startJobs?: boolean;
  /** Tests pass a provider (a fake, or the test provider) instead of the one the config selects. */
  payments?: PaymentProvider;
  /** What the server backs up (nightly, and on SIGUSR2 for PGlite); without it, no backup job runs. */
  backupSource?: BackupSource;
  /** PostgreSQL's pool use, for /metrics (db/client.ts); none on the embedded database. */
  poolStats?: PoolStats;
};

const defaultWebRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

export type RegisteredRoute = { method: string; url: string };

export async function buildApp(
  opts: BuildAppOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext; routes: RegisteredRoute[]; beginDrain: () => void }> {
  const { db, config } = opts;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Request logs carry no personal data beyond what staff need: e-mails in URLs are masked.
      serializers: {
        // Gift voucher codes typed into GET /api/gift-vouchers/{code} are masked too, and so are link tokens.
        req: (req) => ({
          method: req.method,
          url: maskLinkTokensIn(maskVoucherCodesIn(maskEmailsIn(req.url))),
          remoteAddress: req.ip,
        }),
      },
    },
    logController: new QuietRequestLog(config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace'),
    bodyLimit: 64 * 1024,
    // Router-level refusals (malformed URL, over-long path parameter) answer in our JSON shape too.
    frameworkErrors: (err, _req, res) => {
      const reply = res as unknown as FastifyReply;
      void sendError(reply, err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uri_too_long' : 'bad_url', err.message);
    },
    // Who the client is (rate limits, hold caps, logs): the socket, unless TRUST_PROXY names the proxies in front.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  });
  const jobs = createJobMonitor();
  // A test clock offset moves only a test server's clock (config.ts TEST_CLOCK_OFFSET_MS).
  const offsetMs = config.NODE_ENV === 'test' ? config.TEST_CLOCK_OFFSET_MS : 0;
  const now = opts.now ?? (offsetMs ? () => new Date(Date.now() + offsetMs) : () => new Date());
  const mailer = createMailWorker({
    db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log: app.log,
    intervalMs: config.MAIL_INTERVAL_MS,
    retryBaseSeconds: config.MAIL_RETRY_BASE_SECONDS,
    onRun: () => jobs.ran('mail', now()),
  });
  const payments = opts.payments ?? selectPaymentProvider({ config, db });
  const ctx: AppContext = {
    db,
    config,
    now,
    wakeMailer: mailer.wake,
    payments,
    sellers: composeSellers(),
    bookingListeners: {
      placesFreed: (log) => nudgeWaitingList(ctx, log),
      redeemOffer: useOffer,
      coverMembers,
    },
    jobs,
    kioskCards: memberCardBookings,
    kioskCardsOfDay: memberCardsOfDay,
  };

  // Every route, for the bad-input property test that walks them all.
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  });
  installErrorHandler(app);
  // Graceful shutdown: once draining begins (main.ts on SIGTERM, or close()), /readyz answers 503 so a
  // proxy or deploy script stops choosing this process, and each response closes its keep-alive
  // connection, so the server stops as soon as in-flight requests are answered.
  let closing = false;
  const beginDrain = () => {
    closing = true;
  };
  app.addHook('preClose', async () => beginDrain());
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // The API speaks JSON only; anything else is a 415, not a string handed to a schema.
  app.removeContentTypeParser('text/plain');
  await registerSecurityHeaders(app, config.NODE_ENV === 'production');

  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_req, reply) => {
    if (closing)
      return reply.status(errorCatalogue.unavailable).send({ ok: false, ...errorBody('unavailable', 'Shutting down') });
    try {
      await db.execute(sql`select 1 from ticket_types limit 1`);
      return { ok: true };
    } catch {
      return reply
        .status(errorCatalogue.unavailable)
        .send({ ok: false, ...errorBody('unavailable', 'Database not reachable or not migrated') });
    }
  });
  // /metrics and /api/health/ready (the readiness that names its causes); /readyz stays for old deploy scripts.
  observabilityRoutes(app, ctx, { jobs, poolStats: opts.poolStats, isShuttingDown: () => closing });
  // /api/openapi.json and /api/docs: the API's published contract.
  openApiRoutes(app, ctx);

  // Only the staff area (sign-in, staff dashboard, kiosk) reads or sets a cookie, so only its routes carry
  // the cookie plugin's two hooks; public routes, the busiest, skip them. Each domain's routes.ts puts
  // its public routes on publicApp and its staff ones on staffApp.
  await app.register(async (staffApp) => {
    await staffApp.register(cookie);
    const scopes: RouteScopes = { publicApp: app, staffApp };
    staffRoutes(scopes, ctx);
    tillReaderRoutes(scopes, ctx); // the till's card readers (issue 48)
    overviewRoutes(scopes, ctx);
    bookingRoutes(scopes, ctx);
    calendarRoutes(scopes, ctx);
    checkInRoutes(scopes, ctx);
    inquiryRoutes(scopes, ctx);
    mailRoutes(scopes, ctx);
    paymentRoutes(scopes, ctx);
    creditRoutes(scopes, ctx);
    giftVoucherRoutes(scopes, ctx);
    waitingListRoutes(scopes, ctx);
    loyaltyRoutes(scopes, ctx);
    partyRoutes(scopes, ctx);
    familyRoutes(scopes, ctx);
    familyProfileRoutes(scopes, ctx);
    membershipRoutes(scopes, ctx);
    myBookingsRoutes(scopes, ctx);
    partyGuestRoutes(scopes, ctx);
    socialRoutes(scopes, ctx);
    siteRoutes(scopes, ctx);
    privacyRoutes(scopes, ctx);
    exportRoutes(scopes, ctx);
    catalogueRoutes(scopes, ctx);
    staffPartyRoutes(scopes, ctx);
    tillRoutes(scopes, ctx);
    accountsRoutes(scopes, ctx);
    eventRoutes(scopes, ctx); // special events and the fair drop (issue 51)
    cafeOrderRoutes(scopes, ctx); // orders from the table and the kitchen screen (issue 49)
  });
  await registerWebPages(app, path.resolve(opts.webRoot ?? defaultWebRoot), () => publicCatalogue(db, ctx.now()));

  if (opts.startJobs) {
    jobs.expect('mail', config.MAIL_INTERVAL_MS, now());
    mailer.start();
    app.addHook('onClose', () => mailer.stop());
    // A job on an interval: never twice at once, its runs reported to the job monitor, stopped (waiting
    // for its run in progress, bounded) when the app closes.
    const everyInterval = (name: string, everyMs: number, run: () => Promise<unknown>) => {
      const job = createIntervalJob({
        name,
        intervalMs: everyMs,
        run,
        log: app.log,
        onRun: () => jobs.ran(name, now()),
      });
      jobs.expect(name, everyMs, now());
      job.start();
      app.addHook('onClose', () => job.stop());
    };
    const sweepDeps = paymentDeps(ctx, app.log);
    everyInterval('sweep', config.SWEEP_INTERVAL_MS, () => runSweep({ ...sweepDeps, now: now() }));
    everyInterval('rate limit prune', 3_600_000, async () => {
      await pruneRateLimits(ctx, now());
      await pruneKnownDevices(db, now()); // what lets a device past a limit, unused for a year
    });
    // Recipients' gift voucher mails on their chosen day.
    everyInterval('gift voucher mails', config.REMINDER_INTERVAL_MS, () => sendDueGiftVouchersFor(ctx, app.log));
    // Waiting list offers: expired ones passed on, freed places offered, past dates' entries deleted.
    everyInterval('waiting list offers', OFFER_PASS_INTERVAL_MS, () => runOfferPassFor(ctx, app.log));
    // Folds every few minutes: a busy day adds a few hundred rows before its next fold.
    everyInterval('sales folder', 300_000, () => foldSalesByDay(ctx.db));
    const retention = createRetentionJob(ctx, app.log);
    retention.start();
    app.addHook('onClose', () => retention.stop());
    everyInterval('party balance reminders', config.REMINDER_INTERVAL_MS, () => runPartyBalanceReminders(ctx));
    // Birthday party reminders, six weeks ahead, for families who asked for them (issue 39).
    everyInterval('birthday reminders', config.REMINDER_INTERVAL_MS, () => sendBirthdayReminders(ctx));
    // Memberships: TEST MODE renewals on the app's clock, ends at the period's end, and visits left unpaid
    // past their deadline cancelled (issue 40).
    everyInterval('membership renewals', config.REMINDER_INTERVAL_MS, () =>
      runMembershipRenewals({ ...sweepDeps, now: now() }).then((run) => {
        if (run.failed || run.ended || run.renewed || run.visitsCancelled || run.unpaidEnded) mailer.wake();
      }),
    );
    const reminders = createReminderJob(ctx, app.log);
    reminders.start();
    app.addHook('onClose', () => reminders.stop());
    if (opts.backupSource) {
      const backups = createBackupJob({
        ctx,
        log: app.log,
        source: opts.backupSource,
        nightly: config.BACKUP_NIGHTLY === 'on',
        // `npm run backup` signals the PGlite server it finds here (it cannot open the database itself).
        pidFile: opts.backupSource.kind === 'pglite' ? serverPidFile(config.DATA_DIR) : null,
      });
      backups.start();
      app.addHook('onClose', () => backups.stop());
    }
  }
  return { app, ctx, routes, beginDrain };
}
