import { enforceRateLimit, pendingPaymentClient, rateLimits } from '../abuse/rate-limit';
import type { FastifyInstance } from 'fastify';
import { bookingStatusParamsSchema, cancelBookingSchema, createBookingSchema } from '../../shared/contracts/booking';
import { normaliseCreditEmail } from '../../shared/contracts/credits';
import type { AppContext } from '../context';
import { familySessionOf } from '../families/family-cookie';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { paymentDeps } from '../payments/payment-deps';
import { requireStaff } from '../staff/require-staff';
import {
  bookingIdParamsSchema,
  bookingSearchQuerySchema,
  staffCancelSchema,
  staffMoveSchema,
  type BookingManagerDetailResponse,
  type BookingSearchResponse,
  type ResendConfirmationResponse,
  type StaffCancelResponse,
  type StaffMoveResponse,
} from '../../shared/contracts/booking-manager';
import type { TodaysBookingsResponse } from '../../shared/contracts/admin';
import { getBookingManagerDetail, searchBookings } from './booking-manager';
import { cancelBooking, previewCancellation } from './cancel-booking';
import { staffCancelBooking } from './staff-cancel';
import { staffMoveBooking } from './staff-move';
import { staffResendConfirmation } from './staff-resend';
import { publicUrlOf } from '../config';
import { actorOf } from '../staff/staff-sessions';
import { cancelPageRoutes } from './cancel-page';
import { limitGiftCodeGuesses } from '../gift-vouchers/booking-gift-voucher-limit';
import { createBooking } from './create-booking';
import { getBookingStatus } from './get-booking-status';
import { getTodaysBookings } from './todays-bookings';

/** Booking, paying, the status page and cancelling (public); today's bookings for the staff dashboard. */
export function bookingRoutes({ publicApp, staffApp }: RouteScopes, ctx: AppContext): void {
  publicBookingRoutes(publicApp, ctx);
  staffApp.get('/api/admin/todays-bookings', async (request, reply): Promise<TodaysBookingsResponse> => {
    await requireStaff(ctx, request);
    // Customer data: never kept by a browser or proxy cache.
    void reply.header('cache-control', 'no-store');
    return getTodaysBookings({ db: ctx.db, now: ctx.now() });
  });
  staffBookingManagerRoutes(staffApp, ctx);
}

/** The staff "Bookings" tab (DECISIONS.md "Running the day"): find, open, resend, cancel, move. */
function staffBookingManagerRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/admin/bookings', async (request, reply): Promise<BookingSearchResponse> => {
    await requireStaff(ctx, request);
    const { q } = parseInput(bookingSearchQuerySchema, request.query);
    void reply.header('cache-control', 'no-store');
    return searchBookings(ctx.db, q);
  });

  app.get('/api/admin/bookings/:id', async (request, reply): Promise<BookingManagerDetailResponse> => {
    await requireStaff(ctx, request);
    const { id } = parseInput(bookingIdParamsSchema, request.params);
    void reply.header('cache-control', 'no-store');
    return { booking: await getBookingManagerDetail(ctx.db, id, ctx.now()) };
  });

  app.post('/api/admin/bookings/:id/resend-confirmation', async (request): Promise<ResendConfirmationResponse> => {
    const staff = await requireStaff(ctx, request);
    const { id } = parseInput(bookingIdParamsSchema, request.params);
    const result = await staffResendConfirmation({
      db: ctx.db,
      bookingId: id,
      publicUrl: publicUrlOf(ctx),
      actor: actorOf(staff),
      now: ctx.now(),
    });
    ctx.wakeMailer();
    return result;
  });

  app.post('/api/admin/bookings/:id/cancel', async (request): Promise<StaffCancelResponse> => {
    const staff = await requireStaff(ctx, request);
    const { id } = parseInput(bookingIdParamsSchema, request.params);
    const input = parseInput(staffCancelSchema, request.body);
    const result = await staffCancelBooking({
      ...paymentDeps(ctx, request.log),
      bookingId: id,
      actor: actorOf(staff),
      ...input,
      now: ctx.now(),
    });
    ctx.wakeMailer();
    ctx.bookingListeners.placesFreed(request.log); // the places freed go to the waiting list
    return result;
  });

  app.post('/api/admin/bookings/:id/move', async (request): Promise<StaffMoveResponse> => {
    const staff = await requireStaff(ctx, request);
    const { id } = parseInput(bookingIdParamsSchema, request.params);
    const input = parseInput(staffMoveSchema, request.body);
    const result = await staffMoveBooking({
      db: ctx.db,
      bookingId: id,
      ...input,
      coverMembers: ctx.bookingListeners.coverMembers,
      actor: actorOf(staff),
      publicUrl: publicUrlOf(ctx),
      now: ctx.now(),
    });
    ctx.wakeMailer();
    ctx.bookingListeners.placesFreed(request.log); // the places left behind go to the waiting list
    return result;
  });
}

function publicBookingRoutes(app: FastifyInstance, ctx: AppContext): void {
  cancelPageRoutes(app, ctx);

  app.post('/api/create-booking-payment', async (request, reply) => {
    await enforceRateLimit(ctx, request, rateLimits.createBooking);
    const input = parseInput(createBookingSchema, request.body);
    // Credits are spent only for the address this browser has proven; otherwise the booking is priced without them.
    const family = await familySessionOf(ctx, request);
    const creditsAllowed = family?.email === normaliseCreditEmail(input.customerEmail);
    // A gift voucher code in voucherCode is rate limited as its balance check is (wrong codes count).
    const result = await limitGiftCodeGuesses(ctx, request, input.voucherCode, () =>
      createBooking({
        ...paymentDeps(ctx, request.log),
        input,
        creditsAllowed,
        now: ctx.now(),
        client: pendingPaymentClient(ctx, request),
        redeemOffer: ctx.bookingListeners.redeemOffer,
        coverMembers: ctx.bookingListeners.coverMembers,
      }),
    );
    if (!result.clientSecret) ctx.wakeMailer();
    // An offer booked with fewer places than it held leaves the rest for the next family waiting.
    if (input.offerToken) ctx.bookingListeners.placesFreed(request.log);
    return reply.status(201).send(result);
  });

  app.get('/api/bookings/cancel', async (request) => {
    const { token } = parseInput(cancelBookingSchema, request.query);
    return previewCancellation({ db: ctx.db, token, now: ctx.now() });
  });

  app.post('/api/bookings/cancel', async (request) => {
    await enforceRateLimit(ctx, request, rateLimits.cancelBooking);
    const { token } = parseInput(cancelBookingSchema, request.body);
    const result = await cancelBooking({ ...paymentDeps(ctx, request.log), token, now: ctx.now() });
    ctx.wakeMailer();
    ctx.bookingListeners.placesFreed(request.log); // the places freed go to the waiting list
    return result;
  });

  app.get('/api/bookings/:id', async (request, reply) => {
    const { id } = parseInput(bookingStatusParamsSchema, request.params);
    reply.header('cache-control', 'no-store');
    const secret = request.headers['x-booking-secret'];
    return getBookingStatus(ctx.db, id, {
      secret: typeof secret === 'string' ? secret : undefined,
      familyEmail: (await familySessionOf(ctx, request))?.email,
    });
  });
}
