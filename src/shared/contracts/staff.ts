import { weakPasswordReason } from './password-strength';
import { z } from './zod';

export const staffRoles = ['admin', 'staff'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** POST /api/staff/sign-in */
export const staffSignInSchema = z.object({
  username: z.string().trim().min(1, 'Please enter your username').max(60, 'Must be at most 60 characters'),
  password: z.string().min(1, 'Please enter your password').max(200, 'Must be at most 200 characters'),
});
export type StaffSignInInput = z.input<typeof staffSignInSchema>;

/** POST /api/staff/kiosk-mode: turns the signed-in browser into a check-in kiosk. */
export const kioskModeSchema = z.object({
  label: z.string().trim().min(2, 'Please name this device').max(60, 'Must be at most 60 characters'),
});

/** POST /api/staff/accounts (admin only). */
export const createStaffAccountSchema = z
  .object({
    username: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9._-]{3,40}$/, 'Use 3-40 letters, digits, dots, dashes or underscores'),
    displayName: z
      .string()
      .trim()
      .min(2, 'Name must be at least 2 characters')
      .max(80, 'Must be at most 80 characters'),
    role: z.enum(staffRoles),
    password: z.string().min(10, 'Use at least 10 characters').max(200, 'Must be at most 200 characters'),
  })
  // The same rules as a changed password (staff-accounts.ts); the server also checks the common-password list.
  .superRefine((a, ctx) => {
    const reason = weakPasswordReason(a.password, a.username);
    if (reason) ctx.addIssue({ code: 'custom', message: reason, path: ['password'] });
  });

/** GET /api/staff/me: who this browser is signed in as (also the answer to sign-in and kiosk mode). */
export const staffMeSchema = z.union([
  z.object({ signedIn: z.literal(false) }),
  z.object({
    signedIn: z.literal(true),
    kind: z.literal('staff'),
    username: z.string(),
    displayName: z.string(),
    role: z.enum(staffRoles),
  }),
  z.object({ signedIn: z.literal(true), kind: z.literal('kiosk'), label: z.string() }),
  z.object({ signedIn: z.literal(true), kind: z.literal('kitchen'), label: z.string() }),
]);
export type StaffMe = z.infer<typeof staffMeSchema>;

/** A staff action that answers only that it was done (sign-out, password changes). */
export const staffSuccessSchema = z.object({ success: z.literal(true) });
export type StaffSuccess = z.infer<typeof staffSuccessSchema>;

/** POST /api/staff/accounts (201). */
export const createStaffAccountResponseSchema = z.object({ success: z.literal(true), id: z.string() });
export type CreateStaffAccountResponse = z.infer<typeof createStaffAccountResponseSchema>;
