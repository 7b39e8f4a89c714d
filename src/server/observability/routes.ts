import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import type { JobMonitor } from './job-monitor';
import {
  bookingAttempts,
  dbPoolClients,
  httpDuration,
  httpRequests,
  jobLag,
  outboxDepth,
  outboxOldestAge,
  registry,
} from './metrics';
import type { ReadinessResponse } from '../../shared/contracts/health';
import { checkReadiness, outboxState } from './readiness';

export type PoolStats = () => { total: number; idle: number; waiting: number };

export type ObservabilityOptions = {
  jobs: JobMonitor;
  /** PostgreSQL's pool, when the database is one (db/client.ts). */
  poolStats?: PoolStats;
  /** True from SIGTERM on: readiness fails so the proxy sends new requests to the other process. */
  isShuttingDown: () => boolean;
};

/** A checkout's outcome from its answer: 201 held; 409 sold out, price changed or voucher in use; 429 limited. */
function bookingOutcome(status: number): string {
  if (status === 201) return 'created';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  return status < 500 ? 'refused' : 'failed';
}

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read /metrics. With METRICS_TOKEN: whoever sends it as a bearer token, from any address.
 * Without: only this machine, asking directly. A request through nginx also comes from 127.0.0.1, so one
 * that carries a forwarding header came from outside and is refused.
 */
function assertMayReadMetrics(ctx: AppContext, request: FastifyRequest): void {
  const token = ctx.config.METRICS_TOKEN;
  if (token) {
    const sent = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(sent), digest(token)))
      throw new AppError('metrics_token_required', 'Send the metrics token as a bearer token.', {
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      });
    return;
  }
  const direct = !request.headers['x-forwarded-for'] && !request.headers.forwarded;
  if (!direct || !loopback.has(request.socket.remoteAddress ?? ''))
    throw new AppError('forbidden', 'Metrics answer this machine only (or set METRICS_TOKEN).');
}

/** GET /metrics (Prometheus), GET /api/health/ready, and the request counters every route feeds. */
export function observabilityRoutes(app: FastifyInstance, ctx: AppContext, opts: ObservabilityOptions): void {
  app.addHook('onResponse', async (request, reply) => {
    // The route's template, not its URL, so /api/bookings/:id is one series; anything unrouted is one more.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (labels.route === '/api/create-booking-payment' && request.method === 'POST')
      bookingAttempts.inc({ outcome: bookingOutcome(reply.statusCode) });
  });

  app.get('/metrics', async (request, reply) => {
    assertMayReadMetrics(ctx, request);
    const now = ctx.now();
    const mail = await outboxState(ctx.db, now);
    outboxDepth.set(mail.waiting);
    outboxOldestAge.set(mail.oldestSeconds);
    for (const { job, lateSeconds } of opts.jobs.lateness(now)) jobLag.set({ job }, lateSeconds);
    const pool = opts.poolStats?.();
    if (pool) for (const [state, n] of Object.entries(pool)) dbPoolClients.set({ state }, n);
    void reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });

  app.get('/api/health/ready', async (_request, reply) => {
    const readiness = await checkReadiness({
      db: ctx.db,
      jobs: opts.jobs,
      now: ctx.now(),
      shuttingDown: opts.isShuttingDown(),
    });
    void reply.header('cache-control', 'no-store');
    return reply.status(readiness.ok ? 200 : 503).send(readiness satisfies ReadinessResponse);
  });
}
