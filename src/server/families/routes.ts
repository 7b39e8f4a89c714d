import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  familyBookingParamsSchema,
  familyCodeRequestSchema,
  familyConfirmSchema,
  familyLinkSchema,
  normaliseFamilyEmail,
  type FamilySessionQuery,
  type FamilySessionResponse,
  type FamilySuccess,
} from '../../shared/contracts/family';
import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import { cancelBookingById } from '../bookings/cancel-booking';
import type { AppContext } from '../context';
import { nudgeWaitingList } from '../waiting-list/offer-job';
import { lookupCredits } from '../credits/lookup-credits';
import { parseInput } from '../http/errors';
import { lookupMember } from '../loyalty/lookup-member';
import { publicUrlOf } from '../config';
import type { RouteScopes } from '../http/route-scopes';
import { paymentDeps } from '../payments/payment-deps';
import { familyBookingId, listFamilyBookings } from './family-bookings';
import { confirmFamilyCode, requestFamilyCode, useFamilyLink } from './family-codes';
import {
  clearFamilyCookie,
  endCurrentFamilySession,
  familySessionOf,
  requireFamily,
  setFamilyCookie,
} from './family-cookie';
import { familyBookingIcs } from './family-ics';
import { familyLimits } from './family-limits';
import { createFamilySession, endFamilySession } from './family-sessions';
import { emailFromBookingLink, isSignedBookingToken } from './my-bookings-link';
import { resendConfirmation } from './resend-confirmation';

/** /api/family/*: proving an address by e-mailed code, the family session it opens, and My Bookings. */
export function familyRoutes({ publicApp: app }: RouteScopes, ctx: AppContext): void {
  /** A proven address: this browser's previous family session (any address) ends, a new one starts. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, email: string): Promise<FamilySessionResponse> {
    await endCurrentFamilySession(ctx, request);
    const { token, expiresAt } = await createFamilySession(ctx.db, email, ctx.now());
    setFamilyCookie(ctx, reply, token, expiresAt);
    void reply.header('cache-control', 'no-store');
    return { email };
  }

  app.post('/api/family/code', async (request, reply) => {
    await enforceRateLimit(ctx, request, familyLimits.codePerClient);
    const email = normaliseFamilyEmail(parseInput(familyCodeRequestSchema, request.body).email);
    await enforceRateLimit(ctx, request, familyLimits.codePerAddress, email);
    const result = await requestFamilyCode({ db: ctx.db, email, publicUrl: publicUrlOf(ctx), now: ctx.now() });
    ctx.wakeMailer();
    return reply.status(202).send(result);
  });

  app.post('/api/family/confirm', async (request, reply) => {
    await enforceRateLimit(ctx, request, familyLimits.confirmPerClient);
    const input = parseInput(familyConfirmSchema, request.body);
    const email = normaliseFamilyEmail(input.email);
    await confirmFamilyCode({ db: ctx.db, email, code: input.code, now: ctx.now() });
    return signIn(request, reply, email);
  });

  // The e-mailed links land on /my-bookings?signin=..., whose page posts the token here: a GET that
  // signed in would be spent by mail scanners that open links before the family does.
  app.post('/api/family/link', async (request, reply) => {
    await enforceRateLimit(ctx, request, familyLimits.confirmPerClient);
    const { token } = parseInput(familyLinkSchema, request.body);
    const email = isSignedBookingToken(token)
      ? await emailFromBookingLink(ctx.db, token, ctx.now())
      : await useFamilyLink({ db: ctx.db, token, now: ctx.now() });
    return signIn(request, reply, email);
  });

  // Every page that offers the code asks this first, so "no session" is an answer, not a 401 in the console.
  app.get('/api/family/session', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const session = await familySessionOf(ctx, request);
    const body: FamilySessionQuery = { email: session?.email ?? null };
    return body;
  });

  app.post('/api/family/sign-out', async (request, reply): Promise<FamilySuccess> => {
    const session = await familySessionOf(ctx, request);
    if (session) await endFamilySession(ctx.db, session.tokenHash);
    clearFamilyCookie(ctx, reply);
    return { success: true };
  });

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
    nudgeWaitingList(ctx, request.log); // the places freed go to the waiting list
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
