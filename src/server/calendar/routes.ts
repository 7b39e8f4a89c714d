import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createRestrictionSchema,
  restrictionIdParamsSchema,
  type CreateRestrictionResponse,
  type DeleteRestrictionResponse,
  type RestrictionsResponse,
} from '../../shared/contracts/admin-calendar';
import {
  sessionCapacityQuerySchema,
  setSessionCapacitySchema,
  type SessionCapacityResponse,
  type SetSessionCapacityResponse,
} from '../../shared/contracts/session-capacity';
import {
  availabilityRangeSchema,
  isoDateParamsSchema,
  type AvailabilityRangeResponse,
} from '../../shared/contracts/booking';
import { catalogueOf, onCatalogueChange } from '../catalogue/catalogue-store';
import type { AppContext } from '../context';
import { nudgeWaitingList } from '../waiting-list/offer-job';
import { encodeBody, sendEncoded, type EncodedBody } from '../http/encoded-body';
import { AppError, parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { requireStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { getAvailability } from './availability';
import { dayTypesRoute, priceBandsOf } from './day-types-route';
import { createTtlCache } from './availability-cache';
import { readSessionCapacities } from './capacity-read';
import { closureRoutes } from './closure-routes';
import { setSessionCapacity } from './capacity-set';
import { createRestriction } from './restrictions-create';
import { deleteRestriction } from './restrictions-delete';
import { listUpcomingRestrictions } from './restrictions-list';

const MAX_RANGE_DAYS = 62;

/**
 * The booking calendar: places left per date and session (public, the booking page), and the
 * sessions staff close (the dashboard's Booking Calendar tab).
 *
 * The process that makes a change serves it at once (DECISIONS.md "Domains point one way"): after a
 * block, an unblock or a capacity change commits here, this process's month cache is emptied, and so it is
 * after this process's catalogue edits and closures (sessions, their capacity and times, opening hours),
 * which the catalogue store tells it of. Other processes' caches expire within AVAILABILITY_CACHE_MS (a
 * second); a booking always re-checks places, blocks and capacity under the row lock whatever a calendar
 * showed.
 */
export function calendarRoutes({ publicApp, staffApp }: RouteScopes, ctx: AppContext): void {
  const monthCache = createTtlCache<EncodedBody>({ ttlMs: ctx.config.AVAILABILITY_CACHE_MS });
  const stopListening = onCatalogueChange(ctx.db, monthCache.clear);
  staffApp.addHook('onClose', async () => stopListening());
  availabilityRoutes(publicApp, ctx, monthCache);
  dayTypesRoute(publicApp, ctx);
  restrictionRoutes(staffApp, ctx, monthCache);
  capacityRoutes(staffApp, ctx, monthCache);
  closureRoutes(staffApp, ctx);
}

type MonthCache = ReturnType<typeof createTtlCache<EncodedBody>>;

// Staff lists: never kept by the browser's cache or a proxy.
const noStore = {
  onRequest: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'no-store'),
};

function availabilityRoutes(app: FastifyInstance, ctx: AppContext, monthCache: MonthCache): void {
  // Asked each time a family taps a date: kept like the month (a second at most), encoded once per entry.
  app.get('/api/calendar/availability/:date', async (request, reply) => {
    reply.type('application/json; charset=utf-8');
    // As for the month: an entry exists only for a date that passed validation, so a hit skips parsing.
    const cached = monthCache.peek(`day:${(request.params as { date?: string }).date}`);
    if (cached) return sendEncoded(request, reply, await cached);
    const { date } = parseInput(isoDateParamsSchema, request.params);
    const body = await monthCache.get(`day:${date}`, async () => {
      const [day] = await getAvailability(ctx.db, { from: date, to: date }, ctx.now());
      return encodeBody(Buffer.from(JSON.stringify(day)), 'fast');
    });
    return sendEncoded(request, reply, body);
  });

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
      throw new AppError('invalid_range', `Ask for 1 to ${MAX_RANGE_DAYS} days, with from on or before to.`);
    // About 12 KB of JSON for a month, 1 KB compressed: worth it on a phone, and done once per entry.
    const month = await monthCache.get(rawQuery, async () =>
      encodeBody(
        Buffer.from(
          JSON.stringify({
            dates: await getAvailability(ctx.db, { from, to }, ctx.now()),
            bands: priceBandsOf(await catalogueOf(ctx.db), from),
          } satisfies AvailabilityRangeResponse),
        ),
        'fast',
      ),
    );
    return sendEncoded(request, reply, month);
  });
}

/** Staff only (a kiosk device is refused); every change is audit-logged in the transaction that makes it. */
function restrictionRoutes(app: FastifyInstance, ctx: AppContext, monthCache: MonthCache): void {
  app.get('/api/admin/session-restrictions', noStore, async (request): Promise<RestrictionsResponse> => {
    await requireStaff(ctx, request);
    return { restrictions: await listUpcomingRestrictions({ db: ctx.db, now: ctx.now() }) };
  });

  app.post('/api/admin/session-restrictions', async (request, reply) => {
    const staff = await requireStaff(ctx, request);
    const input = parseInput(createRestrictionSchema, request.body);
    const created = await createRestriction({ db: ctx.db, input, actor: actorOf(staff), now: ctx.now() });
    monthCache.clear(); // committed: this process's public calendar shows the block from the next request
    return reply.status(201).send(created satisfies CreateRestrictionResponse);
  });

  app.delete('/api/admin/session-restrictions/:id', async (request): Promise<DeleteRestrictionResponse> => {
    const staff = await requireStaff(ctx, request);
    const { id } = parseInput(restrictionIdParamsSchema, request.params);
    const deleted = await deleteRestriction({ db: ctx.db, id, actor: actorOf(staff) });
    monthCache.clear();
    return deleted;
  });
}

/**
 * One session's capacity on one date (any signed-in staff member, as for blocks; a kiosk is refused).
 * After a change commits, this process's month cache is emptied (see calendarRoutes).
 */
function capacityRoutes(app: FastifyInstance, ctx: AppContext, monthCache: MonthCache): void {
  app.get('/api/admin/calendar/capacity', noStore, async (request): Promise<SessionCapacityResponse> => {
    await requireStaff(ctx, request);
    const { date } = parseInput(sessionCapacityQuerySchema, request.query);
    return { date, sessions: await readSessionCapacities(ctx.db, date) };
  });

  app.post('/api/admin/calendar/capacity', async (request): Promise<SetSessionCapacityResponse> => {
    const staff = await requireStaff(ctx, request);
    const input = parseInput(setSessionCapacitySchema, request.body);
    const result = await setSessionCapacity({ db: ctx.db, input, actor: actorOf(staff), now: ctx.now() });
    monthCache.clear();
    nudgeWaitingList(ctx, request.log); // a raise may make room for the waiting list
    return result;
  });
}
