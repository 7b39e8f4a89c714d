import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { staffCookieName } from '../http/cookie-names';
import { AppError } from '../http/errors';
import { findStaffSession, type StaffPrincipal } from './staff-sessions';

/** httpOnly and SameSite=Strict (no cross-site request carries it), Secure in production. */
export function setStaffCookie(ctx: AppContext, reply: FastifyReply, token: string, expiresAt: Date): void {
  void reply.setCookie(staffCookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.NODE_ENV === 'production',
    expires: expiresAt,
  });
}

export function clearStaffCookie(reply: FastifyReply): void {
  void reply.clearCookie(staffCookieName, { path: '/' });
}

export async function currentPrincipal(ctx: AppContext, request: FastifyRequest): Promise<StaffPrincipal | null> {
  return findStaffSession(ctx.db, request.cookies[staffCookieName], ctx.now());
}

const signInRequired = () => new AppError('sign_in_required', 'Please sign in as staff to continue.');

/** A person signed in as staff (any role, or `role: 'admin'`); kiosk devices are refused. */
export async function requireStaff(ctx: AppContext, request: FastifyRequest, opts: { role?: 'admin' } = {}) {
  const p = await currentPrincipal(ctx, request);
  if (!p) throw signInRequired();
  if (p.kind !== 'staff')
    throw new AppError('forbidden', `This device is in ${p.kind} mode. Sign in as staff to use the staff area.`);
  if (opts.role === 'admin' && p.role !== 'admin') throw new AppError('forbidden', 'Only an admin can do this.');
  return p;
}

/** The kiosk's calls: a device in kiosk mode, or a member of staff helping at the desk. */
export async function requireKioskOrStaff(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<Exclude<StaffPrincipal, { kind: 'kitchen' }>> {
  const p = await currentPrincipal(ctx, request);
  if (!p)
    throw new AppError(
      'kiosk_not_enabled',
      'This device is not set up as a check-in kiosk. Please ask a member of staff.',
    );
  // A kitchen screen (issue 49) shows orders only.
  if (p.kind === 'kitchen') throw new AppError('forbidden', 'This device is a kitchen screen: it shows orders only.');
  return p;
}
