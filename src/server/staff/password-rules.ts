import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { weakPasswordReason } from '../../shared/contracts/password-strength';
import { AppError } from '../http/errors';

/**
 * The 10,000 most common passwords, lower-cased, most common first: the top of the list zxcvbn-ts ships
 * (@zxcvbn-ts/language-common 4.1.3, MIT; compiled from leaked password dumps). Kept as a file in the repo,
 * copied beside the server bundle by scripts/build-server.ts, and read once at start (about 77 kB).
 */
const listFile = fileURLToPath(new URL('./common-passwords.txt', import.meta.url));
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(readFileSync(listFile, 'utf8').split('\n').filter(Boolean));
  return common;
}

/** A common password, or one with only digits or symbols added around it ("dragon12345!"). */
export function isCommonPassword(password: string): boolean {
  const p = password.toLowerCase();
  const core = p.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  return commonPasswords().has(p) || (core.length >= 4 && commonPasswords().has(core));
}

/** Refuses a new password that is trivially weak or common; `field` names the form field to mark. */
export function assertStrongPassword(password: string, username: string, field: string): void {
  const reason =
    weakPasswordReason(password, username) ??
    (isCommonPassword(password) ? 'Too easy to guess: it is one of the most common passwords' : null);
  if (reason)
    throw new AppError('weak_password', `${reason}. Please choose another.`, { fields: { [field]: [reason] } });
}

/** Loads the list at start, so a missing file fails the start and not the first password change. */
export function loadCommonPasswords(): number {
  return commonPasswords().size;
}
