import type { FastifyInstance } from 'fastify';
import { buildApp, type RegisteredRoute } from '../app';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { PaymentProvider } from '../payments/provider';
import { testConfig } from './test-config';
import { openTestDatabase, type TestDbKind } from './test-database';

/** The real app on a fresh test database; `close` tears both down. */
export async function openTestApp(
  kind: TestDbKind,
  opts: {
    config?: Partial<Record<keyof Config, string>>;
    now?: () => Date;
    webRoot?: string;
    payments?: PaymentProvider;
  } = {},
): Promise<{ app: FastifyInstance; ctx: AppContext; routes: RegisteredRoute[]; close: () => Promise<void> }> {
  const database = await openTestDatabase(kind);
  const { app, ctx, routes } = await buildApp({
    db: database.db,
    config: testConfig(opts.config),
    now: opts.now,
    payments: opts.payments,
    poolStats: database.poolStats,
    webRoot: opts.webRoot ?? '/nonexistent',
  });
  await app.ready();
  return {
    app,
    ctx,
    routes,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
