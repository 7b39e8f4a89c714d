import type { FastifyInstance, FastifyReply } from 'fastify';
import { searchPaymentsSchema, staffCheckoutSchema, type StaffCheckoutResponse } from '../../shared/contracts/admin';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import { requireStaff } from '../staff/require-staff';
import { checkOut } from '../checkin/check-out';
import { actorOf } from '../staff/staff-sessions';
import { getActiveSessions } from '../checkin/active-sessions';
import { getDashboardStats } from '../overview/dashboard-stats';
import { searchPayments } from '../payments/search-payments';

import { getTodaysBookings } from '../bookings/todays-bookings';

/** Customer data: never kept by a browser or proxy cache. */
const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

/**
 * The staff dashboard's day-running calls. Every one needs a signed-in member of staff (401 without a
 * session, 403 for a kiosk device), checked before the body is read. No extra rate limits: staff are
 * signed in, and every answer is capped in size.
 */
export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/admin/dashboard-stats', async (request, reply) => {
    await requireStaff(ctx, request);
    noStore(reply);
    return getDashboardStats({ db: ctx.db, now: ctx.now() });
  });

  app.get('/api/admin/todays-bookings', async (request, reply) => {
    await requireStaff(ctx, request);
    noStore(reply);
    return getTodaysBookings({ db: ctx.db, now: ctx.now() });
  });

  app.get('/api/admin/active-sessions', async (request, reply) => {
    await requireStaff(ctx, request);
    noStore(reply);
    return getActiveSessions({ db: ctx.db, now: ctx.now() });
  });

  app.post('/api/check-in/checkout', async (request) => {
    const staff = await requireStaff(ctx, request);
    const { bookingId } = parseInput(staffCheckoutSchema, request.body);
    // The same verb as the kiosk's own check-out: one row lock, one audit entry, 409 the second time.
    const { visitorName } = await checkOut({
      db: ctx.db,
      ticketId: bookingId.toLowerCase(),
      actor: actorOf(staff),
      now: ctx.now(),
    });
    const response: StaffCheckoutResponse = { success: true, message: `${visitorName} has been checked out.` };
    return response;
  });

  app.post('/api/admin/search-payments', async (request, reply) => {
    await requireStaff(ctx, request);
    const { searchTerm } = parseInput(searchPaymentsSchema, request.body);
    noStore(reply);
    return searchPayments({ db: ctx.db, searchTerm });
  });
}
