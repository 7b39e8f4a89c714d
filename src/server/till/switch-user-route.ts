import { eq } from 'drizzle-orm';
import type { StaffMe } from '../../shared/contracts/staff';
import { switchUserSchema } from '../../shared/contracts/till';
import { enforceRateLimit } from '../abuse/rate-limit';
import type { AppContext } from '../context';
import { staffAccounts } from '../db/schema';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { writeAudit } from '../staff/audit';
import { requireStaff, setStaffCookie } from '../staff/require-staff';
import { checkPin } from '../staff/staff-pins';
import { createStaffSession, revokeStaffSession } from '../staff/staff-sessions';
import { handOverTillSession } from './till-sessions';

/** Guesses at anyone's PIN from one address, whatever the usernames: a till takes a handful an hour. */
const switchUserLimit = { name: 'till-switch-user', max: 30, windowSeconds: 600 };

/**
 * Quick switching (issue 48). Who may switch: a device with a live staff session (a person's, any role) — a
 * till already signed in. A signed-out browser signs in with a password (401 here), a kiosk device is in
 * families' hands (403), a family's cookie is no staff session (401). The device's session ends and the PIN's
 * owner gets a new one on the same cookie. The till session stays open, and when the device names it
 * (`tillSessionId`) it is handed over: the PIN's owner sells on it from now (audited as till.handed_over).
 */
export function tillSwitchUserRoute({ staffApp: app }: RouteScopes, ctx: AppContext): void {
  app.post('/api/till/switch-user', async (request, reply): Promise<StaffMe> => {
    const before = await requireStaff(ctx, request);
    await enforceRateLimit(ctx, request, switchUserLimit);
    const input = parseInput(switchUserSchema, request.body);
    const now = ctx.now();
    const who = await checkPin(ctx.db, { username: input.username, pin: input.pin, now });
    const session = await ctx.db.transaction(async (tx) => {
      await revokeStaffSession(tx, before.tokenHash, now);
      await writeAudit(tx, {
        actor: who.username,
        action: 'till_user_switched',
        subjectType: 'staff_account',
        subjectId: who.accountId,
        details: { from: before.username },
      });
      if (input.tillSessionId) await handOverTillSession(tx, input.tillSessionId, before, who);
      return createStaffSession({ db: tx, accountId: who.accountId, kind: 'staff', now });
    });
    setStaffCookie(ctx, reply, session.token, session.expiresAt);
    const [account] = await ctx.db.select().from(staffAccounts).where(eq(staffAccounts.id, who.accountId));
    request.log.info({ staff: who.username, from: before.username }, 'till user switched by PIN');
    return {
      signedIn: true,
      kind: 'staff',
      username: account!.username,
      displayName: account!.displayName,
      role: account!.role,
    };
  });
}
