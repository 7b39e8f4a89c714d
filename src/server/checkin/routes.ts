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
import type { RouteScopes } from '../http/route-scopes';
import { requireKioskOrStaff, requireStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { getActiveSessions } from './active-sessions';
import { availableSessions } from './available-sessions';
import { checkInBooking } from './check-in-booking';
import { checkInWalkIn } from './check-in-walk-in';
import { checkOut } from './check-out';
import { searchTickets } from './search-tickets';

/**
 * Check-in: the kiosk's calls (a device in kiosk mode, or staff, on every call) and the staff
 * dashboard's Checked In list. All on the staff scope: kiosk and staff sessions are cookies.
 */
export function checkInRoutes({ staffApp }: RouteScopes, ctx: AppContext): void {
  kioskRoutes(staffApp, ctx);
  staffCheckInRoutes(staffApp, ctx);
}

/** The check-in kiosk (SPEC.md section 7): a device in kiosk mode, or staff, on every call. */
function kioskRoutes(app: FastifyInstance, ctx: AppContext): void {
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

  // One verb for the kiosk and the staff dashboard's Check Out: one row lock, one audit entry, 409 the second time.
  app.post('/api/check-in/check-out', async (request): Promise<CheckOutResponse> => {
    const principal = await requireKioskOrStaff(ctx, request);
    const input = parseInput(checkOutSchema, request.body);
    const { checkedOutAt, visitorName } = await checkOut({
      db: ctx.db,
      ticketId: input.ticketId.toLowerCase(),
      actor: actorOf(principal),
      now: ctx.now(),
    });
    return {
      success: true,
      checkedOutAt: checkedOutAt.toISOString(),
      message: `${visitorName} has been checked out.`,
    };
  });

  app.get('/api/available-sessions/:date', async (request, reply) => {
    await requireKioskOrStaff(ctx, request);
    const { date } = parseInput(z.object({ date: isoDateSchema }), request.params);
    reply.header('cache-control', 'no-store');
    return availableSessions({ db: ctx.db, date, now: ctx.now() });
  });
}

/** Staff only (401 without a session, 403 for a kiosk device). Staff check visitors out with the kiosk's verb. */
function staffCheckInRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/admin/active-sessions', async (request, reply) => {
    await requireStaff(ctx, request);
    // Customer data: never kept by a browser or proxy cache.
    void reply.header('cache-control', 'no-store');
    return getActiveSessions({ db: ctx.db, now: ctx.now() });
  });
}
