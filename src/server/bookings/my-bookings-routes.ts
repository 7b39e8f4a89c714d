import { familyBookingParamsSchema } from '../../shared/contracts/family';
import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import { publicUrlOf } from '../config';
import type { AppContext } from '../context';
import { lookupCredits } from '../credits/lookup-credits';
import { requireFamily } from '../families/family-cookie';
import { familyLimits } from '../families/family-limits';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { lookupMember } from '../loyalty/lookup-member';
import { paymentDeps } from '../payments/payment-deps';
import { cancelBookingById } from './cancel-booking';
import { familyBookingId, listFamilyBookings } from './family-bookings';
import { familyBookingIcs } from './family-ics';
import { resendConfirmation } from './resend-confirmation';

/** My Bookings (/api/family/*): what a proven family sees and does: its bookings, credits and points. */
export function myBookingsRoutes({ publicApp: app }: RouteScopes, ctx: AppContext): void {
  app.get('/api/family/credits', async (request, reply) => {
    const { email } = await requireFamily(ctx, request);
    void reply.header('cache-control', 'no-store');
    return lookupCredits(ctx.db, email);
  });

  // "Member not found" (404) only here, once the address is proven.
  app.get('/api/family/loyalty', async (request, reply) => {
    const { email } = await requireFamily(ctx, request);
    void reply.header('cache-control', 'no-store');
    return lookupMember(ctx.db, email);
  });

  app.get('/api/family/bookings', async (request, reply) => {
    const { email } = await requireFamily(ctx, request);
    void reply.header('cache-control', 'no-store');
    return listFamilyBookings(ctx.db, email, ctx.now());
  });

  app.post('/api/family/bookings/:id/cancel', async (request) => {
    await enforceRateLimit(ctx, request, rateLimits.cancelBooking);
    const { email } = await requireFamily(ctx, request);
    const { id } = parseInput(familyBookingParamsSchema, request.params);
    const bookingId = await familyBookingId(ctx.db, email, id);
    const result = await cancelBookingById({ ...paymentDeps(ctx, request.log), bookingId, now: ctx.now() });
    ctx.wakeMailer();
    ctx.bookingListeners.placesFreed(request.log); // the places freed go to the waiting list
    return result;
  });

  // "Add to calendar" is a plain link: a same-site GET, so the Lax family cookie comes with it.
  app.get('/api/family/bookings/:id/ics', async (request, reply) => {
    const { email } = await requireFamily(ctx, request);
    const { id } = parseInput(familyBookingParamsSchema, request.params);
    const ics = await familyBookingIcs(ctx.db, await familyBookingId(ctx.db, email, id), ctx.now());
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${ics.filename}"`)
      .type('text/calendar; charset=utf-8')
      .send(ics.body);
  });

  app.post('/api/family/bookings/:id/resend', async (request) => {
    const { email } = await requireFamily(ctx, request);
    const { id } = parseInput(familyBookingParamsSchema, request.params);
    const bookingId = await familyBookingId(ctx.db, email, id);
    await enforceRateLimit(ctx, request, familyLimits.resendPerAddress, email);
    const result = await resendConfirmation({ db: ctx.db, bookingId, publicUrl: publicUrlOf(ctx), now: ctx.now() });
    ctx.wakeMailer();
    return result;
  });
}
