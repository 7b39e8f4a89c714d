import type { FastifyBaseLogger } from 'fastify';
import { publicUrlOf } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { PaymentProvider } from './provider';
import type { SellerRegistry } from './sellers';

/** What the payment verbs need; `paymentDeps(ctx)` builds it from the app context. */
export type PaymentDeps = {
  db: Db;
  provider: PaymentProvider;
  /** Whose each payment is: the sellers the app was composed with. */
  sellers: SellerRegistry;
  /** Origin for links in mails (cancellation). */
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

export function paymentDeps(ctx: AppContext, log?: PaymentDeps['log']): PaymentDeps {
  return { db: ctx.db, provider: ctx.payments, sellers: ctx.sellers, publicUrl: publicUrlOf(ctx), log };
}
