import type { FastifyBaseLogger } from 'fastify';
import { venue } from '../../shared/venue';
import type { BookingHooks } from '../bookings/booking-hooks';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { PaymentProvider } from './provider';

/** What the payment verbs need; `paymentDeps(ctx)` builds it from the app context. */
export type PaymentDeps = {
  db: Db;
  provider: PaymentProvider;
  hooks: BookingHooks;
  /** Origin for links in mails (cancellation). */
  publicUrl: string;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

export function publicUrlOf(ctx: Pick<AppContext, 'config'>): string {
  return (ctx.config.PUBLIC_URL ?? venue.publicUrl).replace(/\/+$/, '');
}

export function paymentDeps(ctx: AppContext, log?: PaymentDeps['log']): PaymentDeps {
  return { db: ctx.db, provider: ctx.payments, hooks: ctx.bookingHooks, publicUrl: publicUrlOf(ctx), log };
}
