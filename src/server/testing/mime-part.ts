/** The raw body of the MIME part of a received mail whose headers match, base64-decoded (tests only). */
export function mimePart(raw: string, headerPattern: RegExp): Buffer {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => headerPattern.test(p.split(/\r?\n\r?\n/)[0]!));
  if (!part) throw new Error(`no MIME part matching ${headerPattern}`);
  const body = part.slice(part.search(/\r?\n\r?\n/)).replace(/--[^\r\n]*--\s*$/, '');
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}
