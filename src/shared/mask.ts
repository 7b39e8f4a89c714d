/** j•••@g•••.com: enough for staff to recognise, not enough to harvest (DECISIONS.md privacy). */
export function maskEmail(email: string): string {
  const [user = '', domain = ''] = email.split('@');
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

/** Masks every e-mail address inside a text, such as a request URL (encoded @ included). */
export function maskEmailsIn(text: string): string {
  return text.replace(/[^\s/?&=]+(?:@|%40)[^\s/?&=]+/gi, (m) => maskEmail(decodeURIComponent(m.replace(/%40/i, '@'))));
}
