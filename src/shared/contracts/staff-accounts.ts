import { isoDateSchema } from './booking';
import type { StaffRole } from './staff';
import { weakPasswordReason } from './password-strength';
import { z } from './zod';

/**
 * Staff accounts, sessions, devices and the audit log (DECISIONS.md "Staff accounts and devices"). The
 * password shape rules are in ./password-strength.
 */

const newPassword = z
  .string()
  .min(10, 'Use at least 10 characters')
  .max(200, 'Must be at most 200 characters')
  .superRefine((p, ctx) => {
    const reason = weakPasswordReason(p);
    if (reason) ctx.addIssue({ code: 'custom', message: reason });
  });

/** POST /api/staff/password: anyone signed in as staff changes their own password. */
export const changeOwnPasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password').max(200, 'Must be at most 200 characters'),
  newPassword,
});
export type ChangeOwnPasswordInput = z.input<typeof changeOwnPasswordSchema>;

/** POST /api/staff/accounts/:id/reset-password (admin): a new password to hand to that person. */
export const resetPasswordSchema = z.object({ newPassword });

export const staffIdParamsSchema = z.object({ id: z.uuid('Unknown account or session') });

/** Keyset cursor of the audit log: the last entry's time (microseconds, UTC) and id. */
const cursorSchema = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~[0-9a-f-]{36}$/,
    'Unknown page: please start from the first page',
  );

/** GET /api/admin/audit-log: newest first, 50 a page; filter by who (exact) and London dates. */
export const auditLogQuerySchema = z
  .object({
    actor: z.string().trim().max(80, 'Must be at most 80 characters').optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    before: cursorSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date is after the end date', path: ['to'] });
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditPageSize = 50;

export type StaffAccountDto = {
  id: string;
  username: string;
  displayName: string;
  role: StaffRole;
  active: boolean;
  createdAt: string;
  /** Null for the first admin. */
  createdBy: string | null;
  lastSignInAt: string | null;
  /** The latest request from any of this person's own (not kiosk) sessions. */
  lastSeenAt: string | null;
  /** Sessions and kiosk devices of this account that are live now. */
  liveSessions: number;
};

export type StaffSessionDto = {
  id: string;
  kind: 'staff' | 'kiosk';
  /** The device's name for a kiosk; '' for a person's session. */
  label: string;
  /** Who signed in, or who started the kiosk device. */
  username: string;
  displayName: string;
  startedAt: string;
  lastSeenAt: string | null;
  expiresAt: string;
  /** The session of the browser asking. */
  current: boolean;
};

export type StaffAccountsResponse = { accounts: StaffAccountDto[] };
export type StaffSessionsResponse = { sessions: StaffSessionDto[] };

export type AuditEntryDto = {
  id: string;
  at: string;
  actor: string;
  action: string;
  subjectType: string;
  subjectId: string;
  details: Record<string, unknown>;
};
export type AuditLogResponse = { entries: AuditEntryDto[]; nextCursor: string | null };
