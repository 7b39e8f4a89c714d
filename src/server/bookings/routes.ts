import { enforceRateLimit, pendingPaymentClient, rateLimits } from '../abuse/rate-limit';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  availabilityRangeSchema,
  cancelBookingSchema,
  createBookingSchema,
  isoDateSchema,
  type TicketTypeDto,
} from '../../shared/contracts/booking';
import type { AppContext } from '../context';
import { ticketTypes } from '../db/schema';
import { encodeBody, sendEncoded, type EncodedBody } from '../http/encoded-body';
import { AppError, parseInput } from '../http/errors';
import { paymentDeps } from '../payments/payment-deps';
import { getAvailability } from './availability';
import { createTtlCache } from './availability-cache';
import { cancelBooking, previewCancellation } from './cancel-booking';
import { cancelPageRoutes } from './cancel-page';
import { createBooking } from './create-booking';
import { getBookingStatus } from './get-booking-status';

const MAX_RANGE_DAYS = 62;

export function bookingRoutes(app: FastifyInstance, ctx: AppContext): void {
  cancelPageRoutes(app, ctx);

  app.get('/api/ticket-types', async (): Promise<{ ticketTypes: TicketTypeDto[] }> => {
    const rows = await ctx.db
      .select()
      .from(ticketTypes)
      .where(eq(ticketTypes.active, true))
      .orderBy(asc(ticketTypes.sort));
    return {
      ticketTypes: rows.map((t) => ({
        id: t.id,
        title: t.title,
        description: t.description,
        price: t.pricePence,
        fee: t.feePence,
        ageRange: t.ageRange,
        colour: t.colour,
        weekdayMorningOnly: t.weekdayMorningOnly,
      })),
    };
  });

  app.get('/api/calendar/availability/:date', async (request) => {
    const { date } = parseInput(z.object({ date: isoDateSchema }), request.params);
    const [day] = await getAvailability(ctx.db, { from: date, to: date }, ctx.now());
    return day;
  });

  const monthCache = createTtlCache<EncodedBody>({ ttlMs: ctx.config.AVAILABILITY_CACHE_MS });
  app.get('/api/calendar/availability', async (request, reply) => {
    reply.type('application/json; charset=utf-8');
    // The busiest call: the booking page of every visitor asks for the same month. Entries are keyed
    // by the raw query string and made only after it passed validation, so a hit skips parsing safely.
    const rawQuery = request.url.slice(request.url.indexOf('?') + 1);
    const cached = monthCache.peek(rawQuery);
    if (cached) return sendEncoded(request, reply, await cached);
    const { from, to } = parseInput(availabilityRangeSchema, request.query);
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (days < 0 || days >= MAX_RANGE_DAYS)
      throw new AppError('invalid_range', 400, `Ask for 1 to ${MAX_RANGE_DAYS} days, with from on or before to.`);
    // About 12 KB of JSON for a month, 1 KB compressed: worth it on a phone, and done once per entry.
    const month = await monthCache.get(rawQuery, async () =>
      encodeBody(
        Buffer.from(JSON.stringify({ dates: await getAvailability(ctx.db, { from, to }, ctx.now()) })),
        'fast',
      ),
    );
    return sendEncoded(request, reply, month);
  });

  app.post('/api/create-booking-payment', async (request, reply) => {
    await enforceRateLimit(ctx, request, rateLimits.createBooking);
    const input = parseInput(createBookingSchema, request.body);
    const result = await createBooking({
      ...paymentDeps(ctx, request.log),
      input,
      now: ctx.now(),
      client: pendingPaymentClient(ctx, request),
    });
    if (!result.clientSecret) ctx.wakeMailer();
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
    return result;
  });

  app.get('/api/bookings/:id', async (request, reply) => {
    const { id } = parseInput(z.object({ id: z.string().max(64) }), request.params);
    reply.header('cache-control', 'no-store');
    return getBookingStatus(ctx.db, id);
  });
}
