import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { familyCookieName } from '../http/cookie-names';
import { AppError } from '../http/errors';
import { endFamilySession, findFamilySession, type FamilySession } from './family-sessions';

/**
 * The cookie plugin's hooks run only in the staff area (app.ts); the few public calls that read the
 * family session parse this one cookie themselves, and only when the header carries it, so every
 * other request (and every request without the cookie) costs nothing more.
 */
function familyToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header || !header.includes(`${familyCookieName}=`)) return undefined;
  try {
    return cookie.parse(header)[familyCookieName];
  } catch {
    return undefined;
  }
}

/** The browser's live family session, or null. */
export function familySessionOf(ctx: AppContext, request: FastifyRequest): Promise<FamilySession | null> {
  const token = familyToken(request);
  return token ? findFamilySession(ctx.db, token, ctx.now()) : Promise.resolve(null);
}

/**
 * httpOnly; SameSite=Lax so the e-mailed link, opened from a mail client, arrives with the session it
 * sets on the next page; Secure in production. 30 days.
 */
export function setFamilyCookie(ctx: AppContext, reply: FastifyReply, token: string, expiresAt: Date): void {
  void reply.header(
    'set-cookie',
    cookie.serialize(familyCookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.NODE_ENV === 'production',
      expires: expiresAt,
    }),
  );
}

export function clearFamilyCookie(ctx: AppContext, reply: FastifyReply): void {
  void reply.header(
    'set-cookie',
    cookie.serialize(familyCookieName, '', {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.NODE_ENV === 'production',
      expires: new Date(0),
    }),
  );
}

/** Ends whatever family session this browser held (a new sign-in replaces it). */
export async function endCurrentFamilySession(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const current = await familySessionOf(ctx, request);
  if (current) await endFamilySession(ctx.db, current.tokenHash);
}

export const confirmEmailFirst = () =>
  new AppError(
    'family_session_required',
    'Please confirm your e-mail address first: ask for a 6-digit code, and we e-mail it to you.',
  );

/** The family session, or 401 saying how to get one. */
export async function requireFamily(ctx: AppContext, request: FastifyRequest): Promise<FamilySession> {
  const session = await familySessionOf(ctx, request);
  if (!session) throw confirmEmailFirst();
  return session;
}

/** The family session for exactly this (normalised) address, or 401: knowing an address proves nothing. */
export async function requireFamilyFor(
  ctx: AppContext,
  request: FastifyRequest,
  email: string,
): Promise<FamilySession> {
  const session = await requireFamily(ctx, request);
  if (session.email !== email) throw confirmEmailFirst();
  return session;
}
