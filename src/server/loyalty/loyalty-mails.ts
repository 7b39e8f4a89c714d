import type { VenueView } from '../../shared/catalogue';
import type { Mail } from '../mail/enqueue-mail';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

type MemberForMail = { email: string; name: string };
type RewardForMail = { title: string; pointsCost: number };
/** The catalogue's venue as the mail is built: the sign-off shows its name and phone. */
type MailVenue = Pick<VenueView, 'name' | 'phone'>;

const wrap = (venue: MailVenue, heading: string, body: string) =>
  `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px"><h1 style="color:#115e59;font-size:22px">${esc(heading)}</h1>${body}<p>${esc(venue.name)}<br>${esc(venue.phone)}</p></div>`;

/** The 6-digit code that lets a redemption spend points (DECISIONS.md "Loyalty"). */
export function redemptionCodeMail(
  m: MemberForMail,
  reward: RewardForMail,
  code: string,
  minutes: number,
  venue: MailVenue,
): Mail {
  const lines = [
    `Hello ${firstName(m.name)},`,
    '',
    `Your code to redeem ${reward.title} (${reward.pointsCost} points) is: ${code}`,
    '',
    `Enter it on the rewards page within ${minutes} minutes.`,
    'If you did not ask for this code, you can ignore this e-mail: no points are spent without it.',
    '',
    venue.name,
    venue.phone,
  ];
  const html = wrap(
    venue,
    'Your rewards code',
    `<p>Hello ${esc(firstName(m.name))},</p><p>Your code to redeem <strong>${esc(reward.title)}</strong> (${reward.pointsCost} points) is:</p>
<p style="font-size:28px;letter-spacing:6px"><strong>${code}</strong></p>
<p>Enter it on the rewards page within ${minutes} minutes. If you did not ask for this code, you can ignore this e-mail: no points are spent without it.</p>`,
  );
  return {
    template: 'loyalty-redemption-code',
    to: m.email,
    subject: `Your Play Time Rewards code: ${code}`,
    text: lines.join('\n'),
    html,
    secrets: [code],
  };
}

/** The voucher a redemption yields, with where to use it. */
export function voucherMail(
  m: MemberForMail,
  reward: RewardForMail & { id: string; usedAt: 'booking' | 'venue' },
  voucher: { id: string; code: string },
  siteUrl: string,
  venue: MailVenue,
): Mail {
  const howTo =
    reward.id === 'vip-party'
      ? `Enter the code in the "VIP Party Discount voucher" field when you book your party online (${siteUrl}/party-booking). It can be used once.`
      : reward.usedAt === 'booking'
        ? `Enter the code in the "Voucher code" field when you book online (${siteUrl}/booking). It can be used once.`
        : 'Show this code to our staff at the venue. It can be used once.';
  const lines = [
    `Hello ${firstName(m.name)},`,
    '',
    `You redeemed ${reward.pointsCost} points for: ${reward.title}.`,
    `Your voucher code: ${voucher.code}`,
    '',
    howTo,
    '',
    venue.name,
    venue.phone,
  ];
  const html = wrap(
    venue,
    'Your reward voucher',
    `<p>Hello ${esc(firstName(m.name))},</p><p>You redeemed ${reward.pointsCost} points for <strong>${esc(reward.title)}</strong>.</p>
<p style="font-size:24px;letter-spacing:2px"><strong>${esc(voucher.code)}</strong></p><p>${esc(howTo)}</p>`,
  );
  return {
    template: 'loyalty-voucher',
    to: m.email,
    subject: `Your reward voucher: ${reward.title} - ${venue.name}`,
    text: lines.join('\n'),
    html,
    dedupeKey: `loyalty-voucher:${voucher.id}`,
    // The voucher code spends the reward: a bearer secret like the redemption code.
    secrets: [voucher.code],
  };
}
