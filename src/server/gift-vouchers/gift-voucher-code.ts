import { createHash, createHmac } from 'node:crypto';
import { signToken, verifyToken } from '../security/app-secret';

/**
 * Gift voucher codes (issue 29): GV- and 5 groups of 4 characters from a 31-letter alphabet without the
 * look-alikes 0/O, 1/I/L: 31^20 = 2^99, well past the 80 bits asked for (4 groups would be only 79).
 *
 * The code is never stored. It is derived from the app secret and the voucher's id (an HMAC), as the
 * party manage token is: the recipient's mail, which goes out days later, and the printable page can
 * show it again, while the database keeps only its sha256 (to find the voucher when a code is typed) and
 * its last four characters (for staff to tell vouchers apart).
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GROUPS = 5;
const GROUP_LENGTH = 4;
const CODE_LENGTH = GROUPS * GROUP_LENGTH;

/** The 20 characters of a voucher's code, without prefix or dashes. */
function rawCodeOf(secret: string, voucherId: string): string {
  const digest = createHmac('sha256', secret).update(`gift-voucher-code:${voucherId}`).digest();
  // 256 bits read as one number, written in base 31: the bias of taking 20 digits of it is below 2^-150.
  let n = BigInt(`0x${digest.toString('hex')}`);
  let raw = '';
  for (let i = 0; i < CODE_LENGTH; i++) {
    raw += CODE_ALPHABET[Number(n % 31n)];
    n /= 31n;
  }
  return raw;
}

const grouped = (raw: string) => `GV-${raw.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-')}`;

/** The code as printed and mailed: GV-XXXX-XXXX-XXXX-XXXX-XXXX. */
export function voucherCodeOf(secret: string, voucherId: string): string {
  return grouped(rawCodeOf(secret, voucherId));
}

/**
 * A typed code reduced to its 20 characters (case, spaces, dashes and the GV prefix do not matter), or
 * null when it cannot be a code at all. Look-alikes are not corrected: a wrong character is a wrong code.
 */
export function normaliseVoucherCode(typed: string): string | null {
  let s = typed.toUpperCase().replace(/[\s-]/g, '');
  if (s.startsWith('GV') && s.length === CODE_LENGTH + 2) s = s.slice(2);
  if (s.length !== CODE_LENGTH) return null;
  for (const c of s) if (!CODE_ALPHABET.includes(c)) return null;
  return s;
}

/** What is stored and looked up: sha256 of the 20 characters. */
export function hashVoucherCode(raw: string): string {
  return createHash('sha256').update(`gift-voucher:${raw}`).digest('hex');
}

/** The stored hash and last four of a voucher's code. */
export function codeFingerprint(secret: string, voucherId: string): { codeHash: string; codeLast4: string } {
  const raw = rawCodeOf(secret, voucherId);
  return { codeHash: hashVoucherCode(raw), codeLast4: raw.slice(-GROUP_LENGTH) };
}

/** GV-••••-••••-••••-••••-ABCD: what staff lists show. */
export function maskedVoucherCode(last4: string): string {
  return `GV-${Array.from({ length: GROUPS - 1 }, () => '••••').join('-')}-${last4}`;
}

/**
 * The printable voucher's links: one for the buyer (receipt mail, the thank-you page) and one for the
 * recipient (their mail). Signed, not stored; they open the voucher, never name its code.
 */
export type PrintAudience = 'buyer' | 'recipient';
const printPurpose = (who: PrintAudience) => `gift-voucher-print-${who}`;

export function printToken(secret: string, voucherId: string, who: PrintAudience): string {
  return `${who[0]}.${signToken(secret, printPurpose(who), voucherId)}`;
}

/** The voucher id a print token opens, or null. */
export function verifyPrintToken(secret: string, token: string): string | null {
  const who: PrintAudience | null = token.startsWith('b.') ? 'buyer' : token.startsWith('r.') ? 'recipient' : null;
  if (!who) return null;
  return verifyToken(secret, printPurpose(who), token.slice(2));
}

export const printUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/gift-vouchers/print?token=${encodeURIComponent(token)}`;

/**
 * Request logs show URLs; a voucher code typed into GET /api/gift-vouchers/{code} must not reach them.
 * Replaces the code segment of that path (and anything that looks like a code elsewhere) with a mask.
 */
export function maskVoucherCodesIn(url: string): string {
  return url
    .replace(/(\/api\/gift-vouchers\/)([^/?#]+)/i, (m, prefix: string, seg: string) =>
      seg === 'print' ? m : `${prefix}[code]`,
    )
    .replace(/GV(?:-?[A-Z0-9]{4}){5}/gi, '[code]');
}
