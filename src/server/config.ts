import { isIP } from 'node:net';
import { z } from 'zod';
import { retentionDefaults } from '../shared/retention';

/** Where a local run serves the site: the links in mails and drafts when PUBLIC_URL is not set. */
const DEFAULT_PUBLIC_URL = 'http://localhost:5000';

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

/**
 * TRUST_PROXY: which proxies may say who the client is (X-Forwarded-For). Unset: none, the socket's
 * address is the client. A hop count (`1`: one proxy in front) or a comma list of proxy addresses or
 * CIDRs (`10.0.0.1, 172.16.0.0/12`). Given to Fastify's trustProxy as a number or a list.
 */
const proxyEntry = z
  .string()
  .refine(
    (v) => ['loopback', 'linklocal', 'uniquelocal'].includes(v) || isIpOrCidr(v),
    'expected an IP address, a CIDR (10.0.0.0/8) or loopback/linklocal/uniquelocal',
  );
const trustProxySchema = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((v, ctx): false | number | string[] => {
      if (v === undefined) return false;
      if (/^\d+$/.test(v.trim())) return Number(v.trim());
      const list = v.split(',').map((s) => s.trim());
      for (const entry of list) {
        const r = proxyEntry.safeParse(entry);
        if (!r.success) {
          ctx.addIssue({ code: 'custom', message: `"${entry}": ${r.error.issues[0]?.message}` });
          return z.NEVER;
        }
      }
      return list;
    }),
);

function isIpOrCidr(v: string): boolean {
  const [addr = '', prefix, extra] = v.split('/');
  const family = isIP(addr);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Play Time Barn <hello@playtimebarn.co.uk>'),
  STAFF_NOTIFY_EMAIL: z.string().default('hello@playtimebarn.co.uk'),
  /** How often the mail worker looks at the outbox, and the first retry delay after a failed send (doubling, up to an hour). */
  MAIL_INTERVAL_MS: z.coerce.number().int().positive().default(15_000),
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().int().positive().default(30),
  /** Month availability is cached per process this long (0: off); bookings always re-check under lock. */
  AVAILABILITY_CACHE_MS: z.coerce.number().int().min(0).default(1000),
  /** How often the booking sweep runs (expired holds, late payments, due refunds). */
  SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(30_000),
  FACEBOOK_PAGE_ID: optionalString,
  FACEBOOK_ACCESS_TOKEN: optionalString,
  FACEBOOK_GRAPH_URL: z.string().default('https://graph.facebook.com/v19.0'),
  FACEBOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  ADMIN_PASSWORD: optionalString,
  /** How hard the waiting room's proof of work is: the challenge's secret number is below this (issue 51). */
  EVENT_POW_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  /** Abuse limits on public writes; 'off' only for load tests and benchmarks. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: trustProxySchema,
  /** Retention (privacy/retention.ts): how long each kind of personal data is kept; defaults in shared/retention.ts. */
  RETAIN_BOOKINGS_MONTHS: z.coerce.number().int().positive().default(retentionDefaults.bookingsMonths),
  RETAIN_ENQUIRIES_MONTHS: z.coerce.number().int().positive().default(retentionDefaults.enquiriesMonths),
  RETAIN_PLATES_DAYS: z.coerce.number().int().positive().default(retentionDefaults.platesDays),
  RETAIN_HOLDS_DAYS: z.coerce.number().int().positive().default(retentionDefaults.holdsDays),
  RETAIN_MAIL_BODIES_DAYS: z.coerce.number().int().positive().default(retentionDefaults.mailBodiesDays),
  /** How often each process runs the retention job (daily; safe in every process at once). */
  RETENTION_INTERVAL_MS: z.coerce.number().int().positive().default(86_400_000),
  /** How often each process looks for tomorrow's visits to remind (from 17:00 London; safe in every process at once). */
  REMINDER_INTERVAL_MS: z.coerce.number().int().positive().default(300_000),
  /**
   * Tests only: the server's clock runs this far ahead (honoured only with NODE_ENV=test), so an e2e test
   * can restart the server "tomorrow" (a gift voucher's mail on its day).
   */
  TEST_CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
  /** GET /metrics asks for this bearer token from every address; unset, it answers the machine itself only. */
  METRICS_TOKEN: optionalString,
  /** Where backups go (`npm run backup`, and every night at 02:00 London): 7 daily and 4 weekly kept. */
  BACKUP_DIR: z.string().default('./backups'),
  /** 'off' stops the nightly backup (tests, or a venue that backs up the machine another way). */
  BACKUP_NIGHTLY: z.enum(['on', 'off']).default('on'),
  /** Optional copy of each backup to an S3-compatible bucket: set the bucket to turn it on. */
  BACKUP_S3_BUCKET: optionalString,
  BACKUP_S3_ENDPOINT: optionalString,
  BACKUP_S3_REGION: z.string().default('eu-west-2'),
  BACKUP_S3_ACCESS_KEY_ID: optionalString,
  BACKUP_S3_SECRET_ACCESS_KEY: optionalString,
  BACKUP_S3_PREFIX: z.string().default('playtime-barn/'),
});

export type Config = z.infer<typeof envSchema>;

/** Parses the environment once; a bad value stops the server with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The site's origin for links in mails and drafts: PUBLIC_URL, or the local address. */
export function publicUrlOf(ctx: { config: Pick<Config, 'PUBLIC_URL'> }): string {
  return (ctx.config.PUBLIC_URL ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
}
