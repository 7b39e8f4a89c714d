/**
 * The addresses typed into the invitations box: one a line, or separated by commas, semicolons or spaces
 * (as pasted from a contacts list), without blanks and without the same address twice.
 */
export function splitEmails(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    const email = raw.trim().replace(/^<|>$/g, '');
    if (!email || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    out.push(email);
  }
  return out;
}

/** Why these addresses cannot all be sent, before asking the server: more than the invitations left. */
export function tooManyInvites(count: number, left: number): string | null {
  if (count <= left) return null;
  return left === 0
    ? 'Every child has an invitation already.'
    : `You can invite ${left} more ${left === 1 ? 'guest' : 'guests'}: please remove ${count - left} ${
        count - left === 1 ? 'address' : 'addresses'
      }.`;
}
