import client from 'prom-client';

/**
 * The process's Prometheus metrics (GET /metrics, observability/routes.ts). One registry per process:
 * counters count what this process served; a scrape of each process behind nginx adds them up.
 */
export const registry = new client.Registry();
// Heap, RSS, GC, and nodejs_eventloop_lag_* (the event loop's delay, sampled every 20 ms).
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const registers = [registry];

export const httpRequests = new client.Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

export const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

export const bookingAttempts = new client.Counter({
  name: 'bookings_total',
  help: 'Bookings asked for at checkout, by outcome: created (held for payment), conflict (sold out, price changed), rate_limited, refused or failed',
  labelNames: ['outcome'] as const,
  registers,
});

export const paymentReports = new client.Counter({
  name: 'payments_total',
  help: "Payment reports applied (card form, webhook, sweep), by the payment's resulting status",
  labelNames: ['outcome'] as const,
  registers,
});

export const outboxDepth = new client.Gauge({
  name: 'mail_outbox_depth',
  help: 'Mails waiting to be sent',
  registers,
});

export const outboxOldestAge = new client.Gauge({
  name: 'mail_outbox_oldest_age_seconds',
  help: 'Age of the oldest mail waiting to be sent (0 when none)',
  registers,
});

export const jobLag = new client.Gauge({
  name: 'job_lag_seconds',
  help: 'How far each scheduled job is behind its schedule (0 when on time)',
  labelNames: ['job'] as const,
  registers,
});

export const dbPoolClients = new client.Gauge({
  name: 'db_pool_clients',
  help: 'PostgreSQL pool clients by state (total, idle, waiting); absent on the embedded database',
  labelNames: ['state'] as const,
  registers,
});
