/**
 * The password shape rules, shared so the forms refuse a weak password before sending it; the server also
 * checks the shipped list of common passwords (staff/password-rules.ts), which never reaches the browser.
 * Their own file, so the staff and staff-accounts contracts, which both use them, need not import each other.
 */

export const passwordHint =
  'At least 10 characters. Not one character repeated, a run like 1234567890 or qwertyuiop, your username, or a common password.';

const rows = ['01234567890', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm', '1qaz2wsx3edc4rfv5tgb6yhn'];

/** A password that is only a run along the alphabet, the digits or a keyboard row, either way round. */
function isRun(p: string): boolean {
  return rows.some((r) => {
    const twice = r + r;
    return twice.includes(p) || [...twice].reverse().join('').includes(p);
  });
}

/** The same few characters over and over: "aaaaaaaaaa", "1212121212", "abcabcabcabc". */
const isRepeat = (p: string) => new Set(p).size <= 3 || /^(.{1,6})\1+.{0,5}$/.test(p);

/** Why a new password is too easy to guess, or null. `username` is checked when known. */
export function weakPasswordReason(password: string, username?: string): string | null {
  const p = password.toLowerCase();
  const bare = p.replace(/[\s._-]/g, '');
  if (isRepeat(bare)) return 'Too easy to guess: it repeats the same few characters';
  if (isRun(bare)) return 'Too easy to guess: it is a run of letters, digits or keys';
  if (username && username.length >= 3 && p.includes(username.toLowerCase()))
    return 'Too easy to guess: it contains the username';
  if (bare.includes('playtimebarn')) return 'Too easy to guess: it contains the venue name';
  return null;
}
