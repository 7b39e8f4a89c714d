import type { VenueView } from '../../shared/catalogue';
import type { Mail } from '../mail/enqueue-mail';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * One mail: the 6-digit code and the same as a one-click link. Sent whether or not we know the address.
 * Signed with the catalogue's venue as it is now.
 */
export function signInCodeMail(
  to: string,
  code: string,
  link: string,
  minutes: number,
  venue: Pick<VenueView, 'name' | 'phone'>,
): Mail {
  const text = [
    'Hello,',
    '',
    `Your ${venue.name} code is: ${code}`,
    '',
    `Enter it on our website within ${minutes} minutes, or open this link on the device you are using:`,
    link,
    '',
    'It lets this browser see your bookings, session credits and rewards points.',
    'If you did not ask for this code, you can ignore this e-mail: nothing changes without it.',
    '',
    venue.name,
    venue.phone,
  ].join('\n');
  const html = `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
<h1 style="color:#115e59;font-size:22px">Your code</h1>
<p>Hello,</p><p>Your ${esc(venue.name)} code is:</p>
<p style="font-size:28px;letter-spacing:6px"><strong>${code}</strong></p>
<p>Enter it on our website within ${minutes} minutes, or <a href="${esc(link)}">confirm my e-mail with one click</a>.</p>
<p>It lets this browser see your bookings, session credits and rewards points. If you did not ask for this code, you can ignore this e-mail: nothing changes without it.</p>
<p>${esc(venue.name)}<br>${esc(venue.phone)}</p></div>`;
  // The code and the link sign in as this family: the staff mail view and the logs never show them.
  return { template: 'family-sign-in-code', to, subject: `Your ${venue.name} code`, text, html, secrets: [code, link] };
}
