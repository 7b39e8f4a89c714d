import { AppError } from '../http/errors';

/** SPEC.md section 8 "Used ticket". */
export const alreadyUsed = () =>
  new AppError(
    'already_checked_in',
    'Ticket Already Used: this ticket has already been checked in and cannot be reused for security reasons.',
  );
