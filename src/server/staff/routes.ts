import {
  createStaffAccountSchema,
  kioskModeSchema,
  staffSignInSchema,
  type StaffMe,
} from '../../shared/contracts/staff';
import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import type { AppContext } from '../context';
import type { RouteScopes } from '../http/route-scopes';
import { parseInput } from '../http/errors';
import { writeAudit } from './audit';
import { createStaffAccount } from './create-staff-account';
import { clearStaffCookie, currentPrincipal, requireStaff, setStaffCookie } from './require-staff';
import { signIn } from './sign-in';
import { createStaffSession, revokeStaffSession } from './staff-sessions';

export function staffRoutes({ staffApp: app }: RouteScopes, ctx: AppContext): void {
  app.post('/api/staff/sign-in', async (request, reply) => {
    await enforceRateLimit(ctx, request, rateLimits.staffSignIn);
    const input = parseInput(staffSignInSchema, request.body);
    // Also per username, so guessing one account's password from many addresses is slowed too.
    await enforceRateLimit(ctx, request, rateLimits.staffSignInPerUser, input.username.toLowerCase());
    const { token, expiresAt, account } = await signIn({
      db: ctx.db,
      username: input.username,
      password: input.password,
      now: ctx.now(),
    });
    setStaffCookie(ctx, reply, token, expiresAt);
    request.log.info({ staff: account.username }, 'staff signed in');
    const me: StaffMe = {
      signedIn: true,
      kind: 'staff',
      username: account.username,
      displayName: account.displayName,
      role: account.role,
    };
    return me;
  });

  app.post('/api/staff/sign-out', async (request, reply) => {
    const p = await currentPrincipal(ctx, request);
    if (p) await revokeStaffSession(ctx.db, p.tokenHash, ctx.now());
    clearStaffCookie(reply);
    return { success: true };
  });

  app.get('/api/staff/me', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const p = await currentPrincipal(ctx, request);
    const me: StaffMe = !p
      ? { signedIn: false }
      : p.kind === 'kiosk'
        ? { signedIn: true, kind: 'kiosk', label: p.label }
        : { signedIn: true, kind: 'staff', username: p.username, displayName: p.displayName, role: p.role };
    return me;
  });

  // Staff hand a tablet over to families: the staff session ends and the device may only check in.
  app.post('/api/staff/kiosk-mode', async (request, reply) => {
    const staff = await requireStaff(ctx, request);
    const { label } = parseInput(kioskModeSchema, request.body);
    const now = ctx.now();
    const session = await ctx.db.transaction(async (tx) => {
      await revokeStaffSession(tx, staff.tokenHash, now);
      await writeAudit(tx, {
        actor: staff.username,
        action: 'kiosk_mode_started',
        subjectType: 'device',
        subjectId: label,
      });
      return createStaffSession({ db: tx, accountId: staff.accountId, kind: 'kiosk', label, now });
    });
    setStaffCookie(ctx, reply, session.token, session.expiresAt);
    const me: StaffMe = { signedIn: true, kind: 'kiosk', label };
    return me;
  });

  app.post('/api/staff/accounts', async (request, reply) => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const input = parseInput(createStaffAccountSchema, request.body);
    const { id } = await ctx.db.transaction(async (tx) => {
      const created = await createStaffAccount(tx, input);
      await writeAudit(tx, {
        actor: admin.username,
        action: 'staff_account_created',
        subjectType: 'staff_account',
        subjectId: created.id,
        details: { username: input.username, role: input.role },
      });
      return created;
    });
    return reply.status(201).send({ success: true, id });
  });
}
