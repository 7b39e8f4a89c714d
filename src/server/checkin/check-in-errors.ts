import { AppError } from '../http/errors';

/** SPEC.md section 8 "Used ticket". */
export const alreadyUsed = () =>
  new AppError(
    'already_checked_in',
    409,
    'Ticket Already Used: this ticket has already been checked in and cannot be reused for security reasons.',
  );

/** A unique index refused the row (PostgreSQL 23505), wherever Drizzle put the driver's error. */
export function isUniqueViolation(err: unknown): boolean {
  for (
    let e = err as { code?: string; cause?: unknown } | null, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23505') return true;
  }
  return false;
}
