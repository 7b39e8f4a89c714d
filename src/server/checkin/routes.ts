import type { FastifyInstance } from 'fastify';
import type { ActiveSessionsResponse } from '../../shared/contracts/admin';
import { isoDateParamsSchema } from '../../shared/contracts/booking';
import {
  checkInSchema,
  checkOutSchema,
  findTicketsSchema,
  searchTicketsSchema,
  walkInSchema,
  type CheckInResponse,
  type CheckOutResponse,
  type FindTicketsResponse,
  type WalkInResponse,
} from '../../shared/contracts/checkin';
import { kioskAcceptAgreementSchema, type KioskAcceptAgreementResponse } from '../../shared/contracts/kiosk-agreement';
import { syncSchema, type DayListResponse, type SyncResponse } from '../../shared/contracts/kiosk-offline';
import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import type { AppContext } from '../context';
import { AppError, parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { requireKioskOrStaff, requireStaff } from '../staff/require-staff';
import { actorOf, type StaffPrincipal } from '../staff/staff-sessions';
import { getActiveSessions } from './active-sessions';
import { availableSessions } from './available-sessions';
import { checkInBooking } from './check-in-booking';
import { alreadyUsed, ticketNotFound } from './check-in-errors';
import { checkInWalkIn } from './check-in-walk-in';
import { checkOut } from './check-out';
import { buildDayList } from './day-list';
import { findTickets } from './find-tickets';
import { acceptAtKiosk } from './kiosk-agreement';
import { openHandle } from './kiosk-handle';
import { displayName, kioskAccess, toKioskTicket } from './kiosk-view';
import { searchTickets } from './search-tickets';
import { syncCheckIns } from './sync-check-ins';
import { getAppSecret } from '../security/app-secret';
import { currentPrincipal } from '../staff/require-staff';

/**
 * Check-in: the kiosk's calls (a device in kiosk mode, or staff, on every call) and the staff
 * dashboard's Checked In list. All on the staff scope: kiosk and staff sessions are cookies.
 */
export function checkInRoutes({ staffApp }: RouteScopes, ctx: AppContext): void {
  kioskRoutes(staffApp, ctx);
  offlineKioskRoutes(staffApp, ctx);
  staffCheckInRoutes(staffApp, ctx);
}

const scanToCheckOut = () =>
  new AppError('forbidden', 'To check out, please scan your ticket again, or ask a member of staff.');

/**
 * The check-in kiosk (SPEC.md section 7, DECISIONS.md "Kiosk privacy"): a device in kiosk mode, or staff.
 * A kiosk never sees a database id, amount or contact detail: searches answer opaque handles, which
 * check-in and check-out take back.
 */
function kioskRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/check-in/find', async (request, reply): Promise<FindTicketsResponse> => {
    const principal = await requireKioskOrStaff(ctx, request);
    // Per device (session), not per address: the venue's tablets share one address.
    await enforceRateLimit(ctx, request, rateLimits.kioskSearch, principal.tokenHash);
    const input = parseInput(findTicketsSchema, request.body);
    reply.header('cache-control', 'no-store');
    const access = await kioskAccess(ctx, principal);
    return { success: true, tickets: await findTickets(ctx.db, input, access, ctx.kioskCards) };
  });

  app.post('/api/check-in/check-in', async (request): Promise<CheckInResponse> => {
    const principal = await requireKioskOrStaff(ctx, request);
    const input = parseInput(checkInSchema, request.body);
    const target = await targetOf(ctx, principal, input.handle);
    // A walk-in's handle names a visit that is already in.
    if (target.kind !== 'booking') throw alreadyUsed();
    const { checkedInAt } = await checkInBooking({
      db: ctx.db,
      bookingId: target.id,
      numberPlate: input.numberPlate,
      actor: actorOf(principal),
      now: ctx.now(),
    });
    return { success: true, checkedInAt: checkedInAt.toISOString() };
  });

  // The visit agreement accepted on the tablet (issue 39), for the booking the handle names only.
  app.post('/api/check-in/agreement', async (request, reply) => {
    const principal = await requireKioskOrStaff(ctx, request);
    const input = parseInput(kioskAcceptAgreementSchema, request.body);
    const target = await targetOf(ctx, principal, input.handle);
    if (target.kind !== 'booking') throw ticketNotFound();
    const agreement = await acceptAtKiosk({ db: ctx.db, bookingId: target.id, input, now: ctx.now() });
    reply.header('cache-control', 'no-store');
    return reply.status(201).send({ success: true, agreement } satisfies KioskAcceptAgreementResponse);
  });

  app.post('/api/check-in/walk-in', async (request, reply) => {
    const principal = await requireKioskOrStaff(ctx, request);
    const input = parseInput(walkInSchema, request.body);
    const visit = await checkInWalkIn({ db: ctx.db, input, actor: actorOf(principal), now: ctx.now() });
    const ticket = toKioskTicket(visit, await kioskAccess(ctx, principal), 'search');
    return reply.status(201).send({ success: true, ticket } satisfies WalkInResponse);
  });

  // One verb for the kiosk and the staff dashboard's Check Out: one row lock, one audit entry, 409 the second time.
  // A kiosk checks out only the ticket it just scanned; staff check out anyone (by handle or by id).
  app.post('/api/check-in/check-out', async (request): Promise<CheckOutResponse> => {
    const principal = await requireKioskOrStaff(ctx, request);
    const input = parseInput(checkOutSchema, request.body);
    let ticketId: string;
    if (input.handle !== undefined) {
      const target = await targetOf(ctx, principal, input.handle);
      if (principal.kind === 'kiosk' && target.via !== 'scan') throw scanToCheckOut();
      ticketId = target.id;
    } else {
      if (principal.kind === 'kiosk') throw scanToCheckOut();
      ticketId = input.ticketId!.toLowerCase();
    }
    const out = await checkOut({ db: ctx.db, ticketId, actor: actorOf(principal), now: ctx.now() });
    const name = principal.kind === 'kiosk' ? displayName(out.visitorName) : out.visitorName;
    return { success: true, checkedOutAt: out.checkedOutAt.toISOString(), message: `${name} has been checked out.` };
  });

  app.get('/api/available-sessions/:date', async (request, reply) => {
    await requireKioskOrStaff(ctx, request);
    const { date } = parseInput(isoDateParamsSchema, request.params);
    reply.header('cache-control', 'no-store');
    return availableSessions({ db: ctx.db, date, now: ctx.now() });
  });
}

/** A 500-item batch is about 60 KB of JSON; a queue longer than that is sent in turns. */
const SYNC_BODY_LIMIT = 160 * 1024;

/**
 * The kiosk offline (issue 41, DECISIONS.md "The kiosk offline"): a kiosk device, never staff or a family
 * (the list is the device's own), fetches the day's list and sends back what it checked in while offline.
 */
function offlineKioskRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/check-in/day-list', async (request, reply): Promise<DayListResponse> => {
    const p = await currentPrincipal(ctx, request);
    if (p?.kind !== 'kiosk')
      throw new AppError('forbidden', "Only a device in kiosk mode keeps the day's check-in list.");
    reply.header('cache-control', 'no-store');
    const list = await buildDayList({
      db: ctx.db,
      secret: await getAppSecret(ctx.db),
      tokenHash: p.tokenHash,
      now: ctx.now(),
      cardsOfDay: ctx.kioskCardsOfDay,
    });
    return { success: true, list };
  });

  app.post('/api/check-in/sync', { bodyLimit: SYNC_BODY_LIMIT }, async (request): Promise<SyncResponse> => {
    const p = await currentPrincipal(ctx, request);
    if (!p)
      throw new AppError(
        'kiosk_not_enabled',
        'This device is not set up as a check-in kiosk. Please ask a member of staff.',
      );
    if (p.kind !== 'kiosk') throw new AppError('forbidden', 'Only a device in kiosk mode sends offline check-ins.');
    const input = parseInput(syncSchema, request.body);
    const results = await syncCheckIns({
      db: ctx.db,
      secret: await getAppSecret(ctx.db),
      tokenHash: p.tokenHash,
      actor: actorOf(p),
      input,
      now: ctx.now(),
    });
    return { success: true, results };
  });
}

async function targetOf(ctx: AppContext, principal: StaffPrincipal, handle: string) {
  const { secret, now } = await kioskAccess(ctx, principal);
  return openHandle(secret, handle, principal.tokenHash, now);
}

/** Staff only (401 without a session, 403 for a kiosk device). Staff check visitors out with the kiosk's verb. */
function staffCheckInRoutes(app: FastifyInstance, ctx: AppContext): void {
  // A name alone finds anyone in today: the desk's search, never the foyer's.
  app.post('/api/check-in/search-all-tickets', async (request, reply) => {
    const principal = await requireStaff(ctx, request);
    await enforceRateLimit(ctx, request, rateLimits.kioskSearch, principal.tokenHash);
    const { customerName } = parseInput(searchTicketsSchema, request.body);
    reply.header('cache-control', 'no-store');
    return searchTickets({ db: ctx.db, customerName, access: await kioskAccess(ctx, principal) });
  });

  app.get('/api/admin/active-sessions', async (request, reply): Promise<ActiveSessionsResponse> => {
    await requireStaff(ctx, request);
    // Customer data: never kept by a browser or proxy cache.
    void reply.header('cache-control', 'no-store');
    return getActiveSessions({ db: ctx.db, now: ctx.now() });
  });
}
