/** j•••@g•••.com: enough for staff to recognise, not enough to harvest (DECISIONS.md privacy). */
export function maskEmail(email: string): string {
  // The text before the first '@' and between it and the next one (split('@') would make a string per '@').
  const at = email.indexOf('@');
  const user = at < 0 ? email : email.slice(0, at);
  const nextAt = at < 0 ? -1 : email.indexOf('@', at + 1);
  const domain = at < 0 ? '' : email.slice(at + 1, nextAt < 0 ? undefined : nextAt);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${user.slice(0, 1)}•••@${host.slice(0, 1)}•••${tld}`;
}

/** •••• ••• 123: only the last three digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `•••• ••• ${digits.slice(-3)}`;
}

/** Longer texts are cut before masking: no URL the site makes comes near it (Node refuses request heads over 16 KB). */
export const MASKED_TEXT_LIMIT = 16_384;

/**
 * Masks every e-mail address inside a text, such as a request URL (encoded @ included), for a log line.
 * It runs in linear time on any input: a log line must not cost the event loop more for a hostile URL
 * (a regex that searched for `x@y` from every position took 0.5 s on a 15 KB URL). Beyond
 * MASKED_TEXT_LIMIT the text is cut at a separator, so no address is cut in half, and the line says how
 * much was left out: log lines stay small, whatever a client sends.
 */
export function maskEmailsIn(text: string): string {
  if (text.length <= MASKED_TEXT_LIMIT) return maskEmailsInShort(text);
  let cut = MASKED_TEXT_LIMIT;
  while (cut > 0 && !isSeparator(text.charCodeAt(cut))) cut--;
  return `${maskEmailsInShort(text.slice(0, cut))}…[${text.length - cut} more characters]`;
}

/**
 * One pass splits the text at separators (whitespace and / ? & =); a piece between them is an address
 * when it has an `@` (or `%40`) with something on both sides, and is then masked whole, as maskEmail does.
 */
function maskEmailsInShort(text: string): string {
  let out = '';
  let copiedUpTo = 0;
  let start = 0;
  // In the current piece: the first '@' and '%40' after its first character (what makes it an address),
  // and whether it holds any '%' (then it is decoded first).
  let innerAt = -1;
  let encodedAt = -1;
  let percent = false;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    if (!isSeparator(code)) {
      if (code === 64) {
        if (innerAt < 0 && i > start) innerAt = i;
      } else if (code === 37) {
        percent = true;
        if (encodedAt < 0 && i > start && text.startsWith('40', i + 1)) encodedAt = i;
      }
      continue;
    }
    // The piece is [start, i): an address if an inner '@' (or '%40') has a character after it.
    if ((innerAt >= 0 && innerAt < i - 1) || (encodedAt >= 0 && encodedAt + 3 < i)) {
      out += text.slice(copiedUpTo, start);
      const piece = text.slice(start, i);
      out += maskEmail(percent ? decodeLeniently(piece.replace('%40', '@')) : piece);
      copiedUpTo = i;
    }
    start = i + 1;
    innerAt = encodedAt = -1;
    percent = false;
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
}

/** The separators of an address in a URL or a text: what the regex class [\s/?&=] matched. */
function isSeparator(code: number): boolean {
  if (code > 63 && code < 0xa0) return false; // '@', letters, '~' and the like: the common case
  return (
    code === 47 || // /
    code === 63 || // ?
    code === 38 || // &
    code === 61 || // =
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Percent-decoding that never throws: a malformed escape (`%E0%A4%A`, `%@`) is kept as written. It is
 * checked first rather than caught: a thrown URIError costs microseconds, and a hostile URL holds thousands.
 */
function decodeLeniently(text: string): string {
  if (!isDecodable(text)) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether decodeURIComponent accepts the text: every escape is %XX and the bytes are well-formed UTF-8. */
function isDecodable(text: string): boolean {
  for (let i = text.indexOf('%'); i >= 0 && i < text.length; i = text.indexOf('%', i)) {
    const lead = hexByte(text, i);
    if (lead < 0) return false;
    i += 3;
    if (lead < 0x80) continue;
    // A lead byte says how many continuation bytes follow; each must be %80-%BF.
    const more = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : -1;
    if (more < 0 || lead > 0xf4) return false;
    let point = lead & (0x3f >> more);
    for (let k = 0; k < more; k++, i += 3) {
      const next = text.charCodeAt(i) === 37 ? hexByte(text, i) : -1;
      if (next < 0x80 || next > 0xbf) return false;
      point = (point << 6) | (next & 0x3f);
    }
    const smallest = [0, 0x80, 0x800, 0x10000][more]!;
    if (point < smallest || point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return false;
  }
  return true;
}

/** The byte of the escape %XX at `at`, or -1. */
function hexByte(text: string, at: number): number {
  const hi = hexDigit(text.charCodeAt(at + 1));
  const lo = hexDigit(text.charCodeAt(at + 2));
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}
