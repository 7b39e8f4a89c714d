import { describe, expect, it } from 'vitest';
import { balanceReminderMail, invitationMail } from './guest-mails';
import type { PartyFacts } from './party-facts';

/** What a family typed (the child's name) and what an admin typed (the venue) is text in the HTML, never markup. */
const hostile = '<script>alert(1)</script>';
const facts: PartyFacts = {
  slotLabel: '12:00 PM - 2:00 PM',
  packageName: 'Silver',
  venueName: 'Barn & <b>Co</b>',
  venueAddress: '1 Lane, Town',
  venuePhone: '<i>01632</i>',
};

describe('party guest mails', () => {
  it('escape what families and admins typed, and hide the links from staff', () => {
    const invitation = invitationMail({
      to: 'guest@example.com',
      hostChildFirstName: `${hostile} Smith`,
      partyDate: '2026-06-20',
      facts,
      link: 'https://barn.example/party-invite/SECRET',
    });
    const reminder = balanceReminderMail({
      party: {
        id: 'p1',
        reference: 'PTP-ABC234',
        partyDate: '2026-06-27',
        parentName: `${hostile} Parent`,
        parentEmail: 'parent@example.com',
        childFirstName: hostile,
      },
      daysBefore: 14,
      balancePence: 14200,
      dueDate: '2026-06-20',
      facts,
      manageLink: 'https://barn.example/party/p1#t=SECRET',
    });
    for (const mail of [invitation, reminder]) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<b>Co</b>');
      expect(mail.html).toContain('Barn &amp; &lt;b&gt;Co&lt;/b&gt;');
      expect(mail.secrets).toEqual([expect.stringContaining('SECRET')]);
    }
    // The invitation names the child by its first word only: no surname reaches a guest.
    expect(invitation.text).not.toContain('Smith');
    expect(reminder.text).toContain('£142.00');
    expect(reminder.text).toContain('Saturday 20 June 2026');
    expect(reminder.dedupeKey).toBe('party-balance-14:p1');
  });
});
