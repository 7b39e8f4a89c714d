import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoDateSchema } from '../../shared/contracts/booking';
import {
  checkInSchema,
  checkOutSchema,
  searchTicketsSchema,
  walkInSchema,
  type CheckInResponse,
  type CheckOutResponse,
  type WalkInResponse,
} from '../../shared/contracts/checkin';
import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import { requireKioskOrStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { availableSessions } from './available-sessions';
import { checkInBooking } from './check-in-booking';
import { checkInWalkIn } from './check-in-walk-in';
import { checkOut } from './check-out';
import { searchTickets } from './search-tickets';

/** The check-in kiosk (SPEC.md section 7): a device in kiosk mode, or staff, on every call. */
export function checkInRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/check-in/search-all-tickets', async (request, reply) => {
    const principal = await requireKioskOrStaff(ctx, request);
    // Per device (session), not per address: the venue's tablets share one address.
    await enforceRateLimit(ctx, request, rateLimits.kioskSearch, principal.tokenHash);
    const { customerName } = parseInput(searchTicketsSchema, request.body);
    reply.header('cache-control', 'no-store');
    return searchTickets({ db: ctx.db, customerName, now: ctx.now() });
  });

  app.post('/api/check-in/check-in', async (request): Promise<CheckInResponse> => {
    const principal = await requireKioskOrStaff(ctx, request);
    const input = parseInput(checkInSchema, request.body);
    const { checkedInAt } = await checkInBooking({
      db: ctx.db,
      bookingId: input.ticketId,
      numberPlate: input.numberPlate,
      actor: actorOf(principal),
      now: ctx.now(),
    });
    return { success: true, checkedInAt: checkedInAt.toISOString() };
  });

  app.post('/api/check-in/walk-in', async (request, reply) => {
    const principal = await requireKioskOrStaff(ctx, request);
    const input = parseInput(walkInSchema, request.body);
    const ticket = await checkInWalkIn({ db: ctx.db, input, actor: actorOf(principal), now: ctx.now() });
    return reply.status(201).send({ success: true, ticket } satisfies WalkInResponse);
  });

  app.post('/api/check-in/check-out', async (request): Promise<CheckOutResponse> => {
    const principal = await requireKioskOrStaff(ctx, request);
    const input = parseInput(checkOutSchema, request.body);
    const { checkedOutAt } = await checkOut({
      db: ctx.db,
      ticketId: input.ticketId,
      actor: actorOf(principal),
      now: ctx.now(),
    });
    return { success: true, checkedOutAt: checkedOutAt.toISOString() };
  });

  app.get('/api/available-sessions/:date', async (request, reply) => {
    await requireKioskOrStaff(ctx, request);
    const { date } = parseInput(z.object({ date: isoDateSchema }), request.params);
    reply.header('cache-control', 'no-store');
    return availableSessions({ db: ctx.db, date, now: ctx.now() });
  });
}
