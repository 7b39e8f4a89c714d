import { longDate } from '../../../shared/date-text';
import { formatPence } from '../../../shared/money';
import type { Mail } from '../../mail/enqueue-mail';
import { firstNameOnly, type PartyFacts } from './party-facts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const paragraphs = (title: string, lines: string[]) =>
  `<div style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px">
<h1 style="color:#115e59;font-size:22px">${esc(title)}</h1>
${lines.map((l) => (l ? `<p>${esc(l)}</p>` : '')).join('\n')}
</div>`;

/**
 * A guest's invitation (issue 28; DECISIONS.md "Parties online"): when and where, and the birthday child's
 * first name, nothing else about the family. The link is the guest's key to reply: a secret, hidden in the
 * staff outbox view.
 */
export function invitationMail(opts: {
  to: string;
  hostChildFirstName: string;
  partyDate: string;
  facts: PartyFacts;
  link: string;
}): Mail {
  const child = firstNameOnly(opts.hostChildFirstName);
  const { facts } = opts;
  const when = `${longDate(opts.partyDate)}, ${facts.slotLabel}`;
  const where = `${facts.venueName}, ${facts.venueAddress}`;
  const lines = [
    `Your child is invited to ${child}’s party at ${facts.venueName}!`,
    `When: ${when}`,
    `Where: ${where}`,
    `Please let ${child}’s family know whether your child can come (and about any allergies): ${opts.link}`,
    'You can change your reply until the day of the party.',
    `${facts.venueName}, ${facts.venuePhone}`,
  ];
  return {
    template: 'party-invitation',
    to: opts.to,
    subject: `You’re invited to ${child}’s party at ${facts.venueName}`,
    text: ['Hello,', '', lines[0], '', ...lines.slice(1, 3), '', ...lines.slice(3, 5), '', lines[5]].join('\n'),
    html: paragraphs(`You’re invited to ${child}’s party`, ['Hello,', ...lines]),
    secrets: [opts.link],
  };
}

/** The outbox key of a party's balance reminder: one per party and reminder, whoever enqueues it. */
export const balanceReminderKey = (partyId: string, daysBefore: 14 | 8) => `party-balance-${daysBefore}:${partyId}`;

/**
 * The balance reminder, 14 and 8 days before the party: what is left to pay, by when, and the manage link
 * to pay it (a secret: hidden in the staff view).
 */
export function balanceReminderMail(opts: {
  party: {
    id: string;
    reference: string;
    partyDate: string;
    parentName: string;
    parentEmail: string;
    childFirstName: string;
  };
  daysBefore: 14 | 8;
  balancePence: number;
  dueDate: string;
  facts: PartyFacts;
  manageLink: string;
}): Mail {
  const { party, facts } = opts;
  const parent = firstNameOnly(party.parentName);
  const balance = formatPence(opts.balancePence);
  const lines = [
    `${firstNameOnly(party.childFirstName)}’s party at ${facts.venueName} is ${opts.daysBefore === 14 ? 'two weeks away' : 'next week'}. Party reference: ${party.reference}`,
    `When: ${longDate(party.partyDate)}, ${facts.slotLabel} (${facts.packageName})`,
    `Balance to pay: ${balance}, by ${longDate(opts.dueDate)}.`,
    `Pay the balance, change numbers (until ${longDate(opts.dueDate)}) or invite guests here: ${opts.manageLink}`,
    `Questions? Call us on ${facts.venuePhone}.`,
  ];
  return {
    template: 'party-balance-reminder',
    to: party.parentEmail,
    subject: `Balance due for your party ${party.reference}: ${balance} by ${longDate(opts.dueDate)}`,
    text: [`Hello ${parent},`, '', ...lines, '', `${facts.venueName}, ${facts.venueAddress}`].join('\n'),
    html: paragraphs('Your party balance is due soon', [`Hello ${parent},`, ...lines]),
    dedupeKey: balanceReminderKey(party.id, opts.daysBefore),
    secrets: [opts.manageLink],
  };
}
