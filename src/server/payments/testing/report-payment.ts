import type { AppContext } from '../../context';
import { applyPaymentStatus } from '../apply-payment-status';
import { paymentDeps } from '../payment-deps';
import type { IncomingPaymentStatus } from '../payment-transitions';

/** Applies a provider's report on a payment as the webhook and the sweep do (a repeated one, in most tests). */
export const reportPayment = (ctx: AppContext, providerPaymentId: string, status: IncomingPaymentStatus, now: Date) =>
  applyPaymentStatus({ ...paymentDeps(ctx), providerPaymentId, status, now });
