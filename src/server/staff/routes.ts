import {
  createStaffAccountSchema,
  kioskModeSchema,
  staffSignInSchema,
  type CreateStaffAccountResponse,
  type StaffMe,
  type StaffSuccess,
} from '../../shared/contracts/staff';
import {
  auditLogQuerySchema,
  changeOwnPasswordSchema,
  resetPasswordSchema,
  staffIdParamsSchema,
  type AuditLogResponse,
  type EndSessionResponse,
  type SetAccountActiveResponse,
  type StaffAccountsResponse,
  type StaffSessionsResponse,
} from '../../shared/contracts/staff-accounts';
import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import type { AppContext } from '../context';
import type { RouteScopes } from '../http/route-scopes';
import { parseInput } from '../http/errors';
import { writeAudit } from './audit';
import { readAuditLog } from './audit-log-query';
import { createStaffAccount } from './create-staff-account';
import { forgetDevices, rememberDevice, setDeviceCookie } from './known-devices';
import { hashPassword } from './passwords';
import { assertStrongPassword, loadCommonPasswords } from './password-rules';
import { clearStaffCookie, currentPrincipal, requireStaff, setStaffCookie } from './require-staff';
import { staffPinRoutes } from './pin-routes';
import { removePin } from './staff-pins';
import { endSession, listLiveSessions } from './session-admin';
import { guardPasswordAttempt, signIn } from './sign-in';
import {
  changeOwnPassword,
  listStaffAccounts,
  resetStaffPassword,
  setAccountActive,
  usernameOf,
} from './staff-accounts';
import { createStaffSession, revokeStaffSession, type StaffPrincipal } from './staff-sessions';

export function staffRoutes(scopes: RouteScopes, ctx: AppContext): void {
  const app = scopes.staffApp;
  loadCommonPasswords();
  // Quick switching on a till device with a PIN (issue 48).
  staffPinRoutes(scopes, ctx);

  app.post('/api/staff/sign-in', async (request, reply): Promise<StaffMe> => {
    await enforceRateLimit(ctx, request, rateLimits.staffSignIn);
    const input = parseInput(staffSignInSchema, request.body);
    // Wrong passwords are also counted per username (so guessing from many addresses is slowed too), or per
    // device when this browser is a known device of that account (so its owner is never locked out).
    const attempt = await guardPasswordAttempt(ctx, request, input.username);
    // Whatever this browser was (a kiosk device, or someone else's session) ends once the sign-in succeeds.
    const before = await currentPrincipal(ctx, request);
    const { token, expiresAt, account } = await signIn({
      db: ctx.db,
      username: input.username,
      password: input.password,
      now: ctx.now(),
    });
    await attempt.succeeded();
    if (before) await endPreviousSession(before, account.username);
    // The session cookie first: it is the one that matters to every later request.
    setStaffCookie(ctx, reply, token, expiresAt);
    const deviceTokens = await rememberDevice(ctx.db, {
      accountId: account.id,
      device: attempt.device,
      known: attempt.knownTokens,
      now: ctx.now(),
    });
    setDeviceCookie(ctx, reply, deviceTokens);
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

  /** Signing in as staff on a kiosk device takes the device back: its kiosk session ends, audited. */
  async function endPreviousSession(before: StaffPrincipal, username: string) {
    await ctx.db.transaction(async (tx) => {
      await revokeStaffSession(tx, before.tokenHash, ctx.now());
      if (before.kind === 'kiosk')
        await writeAudit(tx, {
          actor: username,
          action: 'kiosk_mode_ended',
          subjectType: 'device',
          subjectId: before.label,
          details: { by: 'staff sign-in on the device' },
        });
    });
  }

  app.post('/api/staff/sign-out', async (request, reply): Promise<StaffSuccess> => {
    const p = await currentPrincipal(ctx, request);
    if (p) await revokeStaffSession(ctx.db, p.tokenHash, ctx.now());
    clearStaffCookie(reply);
    return { success: true };
  });

  app.get('/api/staff/me', async (request, reply): Promise<StaffMe> => {
    void reply.header('cache-control', 'no-store');
    const p = await currentPrincipal(ctx, request);
    const me: StaffMe = !p
      ? { signedIn: false }
      : p.kind !== 'staff'
        ? { signedIn: true, kind: p.kind, label: p.label }
        : { signedIn: true, kind: 'staff', username: p.username, displayName: p.displayName, role: p.role };
    return me;
  });

  // Staff hand a tablet over to families: the staff session ends and the device may only check in.
  app.post('/api/staff/kiosk-mode', async (request, reply): Promise<StaffMe> => {
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
    assertStrongPassword(input.password, input.username, 'password');
    const { id } = await ctx.db.transaction(async (tx) => {
      const created = await createStaffAccount(tx, { ...input, createdBy: admin.username });
      await writeAudit(tx, {
        actor: admin.username,
        action: 'staff_account_created',
        subjectType: 'staff_account',
        subjectId: created.id,
        details: { username: input.username, role: input.role },
      });
      return created;
    });
    return reply.status(201).send({ success: true, id } satisfies CreateStaffAccountResponse);
  });

  app.get('/api/staff/accounts', async (request, reply): Promise<StaffAccountsResponse> => {
    await requireStaff(ctx, request, { role: 'admin' });
    void reply.header('cache-control', 'no-store');
    return { accounts: await listStaffAccounts(ctx.db, ctx.now()) };
  });

  for (const [verb, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const)
    app.post(`/api/staff/accounts/:id/${verb}`, async (request): Promise<SetAccountActiveResponse> => {
      const admin = await requireStaff(ctx, request, { role: 'admin' });
      const { id } = parseInput(staffIdParamsSchema, request.params);
      const now = ctx.now();
      const done = await ctx.db.transaction((tx) => setAccountActive(tx, { id, active, admin, now }));
      return { success: true, ...done };
    });

  app.post('/api/staff/accounts/:id/reset-password', async (request): Promise<StaffSuccess> => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const { id } = parseInput(staffIdParamsSchema, request.params);
    const { newPassword } = parseInput(resetPasswordSchema, request.body);
    assertStrongPassword(newPassword, await usernameOf(ctx.db, id), 'newPassword');
    const passwordHash = await hashPassword(newPassword);
    const now = ctx.now();
    // Someone else may know the old password: none of the person's browsers stays trusted past the lockout,
    // and their till PIN (which someone may know too) is removed: they set a new one.
    await ctx.db.transaction(async (tx) => {
      await resetStaffPassword(tx, { id, passwordHash, admin, now });
      await forgetDevices(tx, id);
      await removePin(tx, id);
    });
    return { success: true };
  });

  // Anyone signed in as staff; a wrong current password is counted like a wrong sign-in, since it is a way to
  // try passwords. The browser that changed it stays a known device; the account's others are forgotten.
  app.post('/api/staff/password', async (request): Promise<StaffSuccess> => {
    const staff = await requireStaff(ctx, request);
    const input = parseInput(changeOwnPasswordSchema, request.body);
    assertStrongPassword(input.newPassword, staff.username, 'newPassword');
    const attempt = await guardPasswordAttempt(ctx, request, staff.username);
    await changeOwnPassword(ctx.db, {
      ...staff,
      current: input.currentPassword,
      next: input.newPassword,
      now: ctx.now(),
    });
    await attempt.succeeded();
    await forgetDevices(ctx.db, staff.accountId, attempt.device?.tokenHash);
    return { success: true };
  });

  app.get('/api/staff/sessions', async (request, reply): Promise<StaffSessionsResponse> => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    void reply.header('cache-control', 'no-store');
    return { sessions: await listLiveSessions(ctx.db, ctx.now(), admin.tokenHash) };
  });

  app.post('/api/staff/sessions/:id/end', async (request): Promise<EndSessionResponse> => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const { id } = parseInput(staffIdParamsSchema, request.params);
    const now = ctx.now();
    const ended = await ctx.db.transaction((tx) => endSession(tx, { id, actor: admin.username, now }));
    return { success: true, ...ended };
  });

  app.get('/api/admin/audit-log', async (request, reply): Promise<AuditLogResponse> => {
    await requireStaff(ctx, request, { role: 'admin' });
    const query = parseInput(auditLogQuerySchema, request.query);
    void reply.header('cache-control', 'no-store');
    return readAuditLog(ctx.db, query);
  });
}
