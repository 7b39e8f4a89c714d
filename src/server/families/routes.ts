import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  familyCodeRequestSchema,
  familyConfirmSchema,
  familyLinkSchema,
  normaliseFamilyEmail,
  type FamilySessionQuery,
  type FamilySessionResponse,
  type FamilySuccess,
} from '../../shared/contracts/family';
import { enforceRateLimit } from '../abuse/rate-limit';
import { publicUrlOf } from '../config';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { confirmFamilyCode, requestFamilyCode, useFamilyLink } from './family-codes';
import { clearFamilyCookie, endCurrentFamilySession, familySessionOf, setFamilyCookie } from './family-cookie';
import { familyLimits } from './family-limits';
import { createFamilySession, endFamilySession } from './family-sessions';
import { emailFromBookingLink, isSignedBookingToken } from './my-bookings-link';

/**
 * /api/family/*: proving an address by e-mailed code and the family session it opens. What a proven family
 * sees (My Bookings: bookings, credits, points) is bookings/my-bookings-routes.ts.
 */
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
}
