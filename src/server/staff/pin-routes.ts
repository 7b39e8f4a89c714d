import type { StaffSuccess } from '../../shared/contracts/staff';
import { staffPinSchema } from '../../shared/contracts/till';
import type { AppContext } from '../context';
import { staffAccounts } from '../db/schema';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { eq } from 'drizzle-orm';
import { requireStaff } from './require-staff';
import { guardPasswordAttempt } from './sign-in';
import { verifyPassword } from './passwords';
import { AppError } from '../http/errors';
import { setOwnPin } from './staff-pins';

/** A staff member's own PIN for quick switching on a till (issue 48; the switch itself is till/switch-user-route.ts). */
export function staffPinRoutes({ staffApp: app }: RouteScopes, ctx: AppContext): void {
  // One's own PIN; the password is asked for, as for a password change, and counted like a sign-in.
  app.put('/api/staff/pin', async (request): Promise<StaffSuccess> => {
    const staff = await requireStaff(ctx, request);
    const input = parseInput(staffPinSchema, request.body);
    const attempt = await guardPasswordAttempt(ctx, request, staff.username);
    const [row] = await ctx.db
      .select({ passwordHash: staffAccounts.passwordHash })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, staff.accountId));
    if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword)))
      throw new AppError('wrong_current_password', 'Your password is not right. Please try again.', {
        fields: { currentPassword: ['Your password is not right'] },
      });
    await attempt.succeeded();
    await setOwnPin(ctx.db, { accountId: staff.accountId, username: staff.username, pin: input.pin, now: ctx.now() });
    return { success: true };
  });
}
