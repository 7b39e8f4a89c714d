import type { FastifyInstance } from 'fastify';
import {
  closureCancelSchema,
  closureSchema,
  type ClosureCancelResult,
  type ClosureResult,
} from '../../shared/contracts/catalogue';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import { paymentDeps } from '../payments/payment-deps';
import { requireStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { cancelClosureBookings } from './closure-cancel';
import { createClosure } from './closures';

/**
 * The Venue area's closures (admins only, never cached): closing days blocks their sessions in the
 * calendar, and the bookings on them may then be cancelled and refunded with an apology.
 */
export function closureRoutes(staffApp: FastifyInstance, ctx: AppContext): void {
  void staffApp.register(async (app) => {
    app.addHook('onRequest', async (_request, reply) => void reply.header('cache-control', 'no-store'));
    app.post('/api/admin/catalogue/closures', async (request, reply) => {
      const actor = actorOf(await requireStaff(ctx, request, { role: 'admin' }));
      const input = parseInput(closureSchema, request.body);
      return reply
        .status(201)
        .send((await createClosure({ db: ctx.db, input, actor, now: ctx.now() })) satisfies ClosureResult);
    });

    app.post('/api/admin/catalogue/closures/cancel-bookings', async (request): Promise<ClosureCancelResult> => {
      const actor = actorOf(await requireStaff(ctx, request, { role: 'admin' }));
      const input = parseInput(closureCancelSchema, request.body);
      try {
        return await cancelClosureBookings({ ...paymentDeps(ctx, request.log), input, actor, now: ctx.now() });
      } finally {
        // Whatever was cancelled before a failure has mails waiting too.
        ctx.wakeMailer();
      }
    });
  });
}
