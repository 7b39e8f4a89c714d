import { describe, expect, it } from 'vitest';
import { venueViewOf } from '../../shared/catalogue';
import { reminderMail, type MailBooking } from '../bookings/booking-mails';
import { seedSessions, seedVenueDocument, seedVisitRulesDocument } from '../catalogue/seed-data';
import { creditsPurchasedMail } from '../credits/credit-mails';
import { signInCodeMail } from '../families/family-mails';
import { redemptionCodeMail, voucherMail } from '../loyalty/loyalty-mails';
import type { Mail } from './enqueue-mail';

/**
 * Text a family typed (their name) and text an admin typed (the venue's name in the catalogue) is shown
 * as text in every HTML mail: escaped, never markup (DECISIONS.md "The venue owns its catalogue").
 */
const hostile = '<script>alert(1)</script>';
const { venue, openingHours } = venueViewOf({ ...seedVenueDocument, name: `Barn & <b>Co</b>`, phone: '<i>01632</i>' });
// An admin's line of what to bring, as typed: the reminder lists it as text.
const visitRules = { ...seedVisitRulesDocument, whatToBring: [`Socks ${hostile}`] };
const catalogue = { venue, openingHours, sessions: seedSessions, visitRules };

const booking: MailBooking = {
  id: '00000000-0000-4000-8000-000000000001',
  reference: 'PTB-ABC234',
  customerName: `${hostile} Jo`,
  customerEmail: 'jo@example.com',
  visitDate: '2025-10-22',
  sessionId: 'morning',
  sessionLabel: '9:30 AM - 11:30 AM',
  finalPence: 2100,
  ticketToken: 'token',
  lines: [{ title: 'Children 1-12 years', quantity: 2 }],
};

function expectEscaped(mail: Mail, opts: { name?: boolean } = {}) {
  expect(mail.html).toBeDefined();
  expect(mail.html).not.toContain('<script>');
  expect(mail.html).not.toContain('<b>Co</b>');
  expect(mail.html).not.toContain('<i>01632</i>');
  expect(mail.html).toContain('Barn &amp; &lt;b&gt;Co&lt;/b&gt;');
  expect(mail.html).toContain('&lt;i&gt;01632&lt;/i&gt;');
  if (opts.name) expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
}

describe("mails show typed text as text, with the catalogue's venue", () => {
  it('the visit reminder', async () => {
    const mail = await reminderMail(booking, {
      cancelUrl: 'https://x.test/c',
      myBookingsUrl: 'https://x.test/m',
      catalogue,
    });
    expectEscaped(mail, { name: true });
    expect(mail.subject).toBe('See you tomorrow: PTB-ABC234 - Barn & <b>Co</b>');
    expect(mail.html).toContain('<li>Socks &lt;script&gt;alert(1)&lt;/script&gt;</li>');
    expect(mail.text).toContain(`- Socks ${hostile}`);
  });

  it('the credits receipt', () => {
    const purchase = {
      id: 'p1',
      customerName: `${hostile} Jo`,
      customerEmail: 'jo@example.com',
      credits: 10,
      amountPence: 7500,
      savingsPence: 2000,
    };
    expectEscaped(creditsPurchasedMail(purchase, 10, 'https://x.test/booking', venue), { name: true });
  });

  it('the loyalty code and voucher mails', () => {
    const member = { email: 'jo@example.com', name: `${hostile} Jo` };
    const reward = { title: `Free <u>drink</u>`, pointsCost: 50 };
    const code = redemptionCodeMail(member, reward, '123456', 10, venue);
    expectEscaped(code, { name: true });
    expect(code.html).toContain('Free &lt;u&gt;drink&lt;/u&gt;');
    const voucher = voucherMail(
      member,
      { ...reward, id: 'free-hot-drink', usedAt: 'venue' },
      { id: 'v1', code: 'PTB-V1' },
      'x',
      venue,
    );
    expectEscaped(voucher, { name: true });
  });

  it('the sign-in code mail', () => {
    const mail = signInCodeMail('jo@example.com', '123456', 'https://x.test/my-bookings?signin="><x', 10, venue);
    expectEscaped(mail);
    expect(mail.html).toContain('href="https://x.test/my-bookings?signin=&quot;&gt;&lt;x"');
  });
});
