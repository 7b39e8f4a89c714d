import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PartyAvailabilityResponse, PartyPaymentResponse } from '../../src/shared/contracts/party-booking';
import { addMonths } from '../../src/shared/dates';
import type { ReceivedMail } from '../../src/server/testing/smtp-sink';
import { expectNoAxeViolations } from './support/axe';
import { openPage, screenshot } from './support/browser';
import { PAYING_CARD, payByCard } from './support/book-and-pay';
import { londonDatePlus } from './support/dates';
import { confirmEmailOnPage, mailText } from './support/family-mail';
import { useServerMailAndBrowser } from './support/suite';
import { until } from './support/until';
import { expectFocused } from './support/keyboard';

/**
 * Issue 28, the family's side after booking: the manage link from the confirmation mail, paying the
 * balance, inviting guests, a guest's reply from their own link, and a stranger without the token.
 */

const parent = { name: 'Priya Host', email: 'priya.host@example.com', phone: '07700 900456' };
const guests = ['guest.one@example.com', 'guest.two@example.com'];

const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * A confirmed party through the routes /party-booking calls: the first date 20+ days ahead (so numbers
 * can still change) with a room free for a package, its deposit paid with the TEST MODE card.
 */
async function bookConfirmedParty(url: string): Promise<PartyPaymentResponse> {
  const from = londonDatePlus(20);
  for (const month of [from.slice(0, 7), addMonths(`${from.slice(0, 7)}-01`, 1).slice(0, 7)]) {
    const res = await fetch(`${url}/api/parties/availability?month=${month}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const offer = (await res.json()) as PartyAvailabilityResponse;
    for (const day of offer.days) {
      if (day.closed || day.date < from) continue;
      for (const slot of day.slots) {
        const pkg = offer.packages.find((p) => p.id !== 'private-hire' && slot.packages.includes(p.id));
        if (!pkg || slot.roomsFree === 0) continue;
        const children = pkg.minChildren;
        const created = await postJson(`${url}/api/parties`, {
          date: day.date,
          slotId: slot.slotId,
          packageId: pkg.id,
          children,
          childFirstName: 'Mia',
          childAge: 6,
          foodChoices: pkg.food ? Array.from({ length: children }, () => offer.foodOptions[0]!.id) : [],
          dietaryNotes: '',
          parentName: parent.name,
          parentEmail: parent.email,
          parentPhone: parent.phone,
          agreeToTerms: true,
        });
        if (created.status !== 201) continue;
        const party = (await created.json()) as PartyPaymentResponse;
        const paid = await postJson(`${url}/api/test-payments/confirm`, {
          clientSecret: party.clientSecret,
          cardNumber: PAYING_CARD,
          expiry: '12/34',
          cvc: '123',
          name: parent.name,
        });
        expect(await paid.json()).toEqual({ status: 'succeeded' });
        return party;
      }
    }
  }
  throw new Error('no party slot free in the next two months');
}

/** The first link in the newest mail to `to` whose subject matches, once it has arrived (on the test server's origin). */
function linkIn(received: ReceivedMail[], url: string, to: string, subject: RegExp, link: RegExp) {
  return until(`the mail "${subject.source}" to ${to}`, () => {
    const mail = received.findLast((m) => m.to.toLowerCase() === to && subject.test(m.subject));
    const found = mail ? link.exec(mailText(mail))?.[0] : undefined;
    return found ? `${url}${new URL(found).pathname}${new URL(found).hash}` : undefined;
  });
}

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'no horizontal overflow').toBeLessThanOrEqual(client);
}

describe('the family’s party page and the guests’ replies', () => {
  const suite = useServerMailAndBrowser();

  it('opens the mailed manage link, pays the balance, invites two guests who reply; a stranger sees nothing', async () => {
    const { url } = suite.server;
    const party = await bookConfirmedParty(url);
    const manageLink = await linkIn(
      suite.sink.received,
      url,
      parent.email,
      /^Party booked:/,
      /https?:\/\/[^\s"<]+\/party\/[0-9a-f-]{36}#t=[^\s"<]+/,
    );
    expect(manageLink).toContain(`/party/${party.partyId}#t=`);

    // The family: the link's token is kept for the tab and taken out of the address bar.
    const host = await openPage(suite.browser, 'desktop');
    await host.page.goto(manageLink);
    await host.page.getByRole('heading', { level: 1, name: 'Mia’s party' }).waitFor();
    await host.page.waitForURL((u) => u.hash === '');
    expect(host.page.url()).toBe(`${url}/party/${party.partyId}`);
    await host.page.getByText(party.reference).waitFor();
    await expect(host.page.getByTestId('party-balance').textContent()).resolves.toMatch(/^£\d/);
    await expectNoAxeViolations(host.page);
    await screenshot(host.page, 'party-manage-1280');

    // One more child: refused below the package's smallest number, then repriced by the server.
    const count = host.page.getByLabel('Number of children');
    const before = Number(await count.inputValue());
    const balanceBefore = await host.page.getByTestId('party-balance').textContent();
    await count.fill('1');
    await host.page.getByRole('button', { name: 'Save the new number' }).click();
    await host.page.getByText(/This package is for \d+ to \d+ children: please choose a number in between/).waitFor();
    await expectFocused(count);
    await count.fill(String(before + 1));
    await host.page.getByRole('button', { name: 'Save the new number' }).click();
    await host.page
      .getByRole('status')
      .filter({ hasText: `the party is now for ${before + 1} children` })
      .waitFor();
    await expect(host.page.getByTestId('party-balance').textContent()).resolves.not.toBe(balanceBefore);

    // Pay the balance with the TEST MODE card, on the page itself.
    await host.page.getByRole('button', { name: /^Pay £[\d.,]+ now$/ }).click();
    await host.page.getByText('TEST MODE').waitFor();
    await payByCard(host.page, PAYING_CARD, parent.name);
    await host.page.getByRole('status').filter({ hasText: 'Thank you: the balance is paid.' }).waitFor();
    await expect(host.page.getByTestId('party-balance').textContent()).resolves.toBe('Paid in full');
    await expect(host.page.getByRole('button', { name: /^Pay £/ }).count()).resolves.toBe(0);

    // A reload keeps working: the token is in this tab's session storage, not the URL.
    await host.page.reload();
    await host.page.getByRole('heading', { level: 1, name: 'Mia’s party' }).waitFor();

    // Invite two guests; a bad address is refused first, next to the box.
    const box = host.page.getByLabel('Guests’ e-mail addresses');
    await box.fill('not-an-address');
    await host.page.getByRole('button', { name: 'Send invitations' }).click();
    await host.page.getByText('not-an-address: Please enter a valid email address').waitFor();
    await expect(box.getAttribute('aria-invalid')).resolves.toBe('true');
    await box.fill(guests.join('\n'));
    await host.page.getByRole('button', { name: 'Send invitations' }).click();
    await host.page.getByRole('status').filter({ hasText: 'Invitations sent to 2 guests.' }).waitFor();
    const counts = host.page.getByTestId('invitation-counts');
    await expect(counts.innerText()).resolves.toMatch(/Invited\s+2\s+Coming\s+0\s+Not coming\s+0/);
    expect(host.errors).toEqual([]);

    // A guest, in a browser of their own, from their invitation mail.
    const inviteLink = await linkIn(
      suite.sink.received,
      url,
      guests[0]!,
      /./, // its subject ("You’re invited to Mia’s party") arrives MIME-encoded: the link tells it apart
      /https?:\/\/[^\s"<]+\/party-invite\/[^\s"<]+/,
    );
    const guest = await openPage(suite.browser, 'phone390');
    await guest.page.goto(inviteLink);
    await guest.page.getByRole('heading', { level: 1, name: 'You’re invited to Mia’s party' }).waitFor();
    await guest.page
      .getByText(parent.name)
      .count()
      .then((n) => expect(n, 'no host details').toBe(0));
    // Sending without an answer: the messages sit by their fields.
    await guest.page.getByRole('button', { name: 'Send my reply' }).click();
    await guest.page.getByText('Please say whether your child is coming').waitFor();
    await expect(guest.page.locator(':focus').getAttribute('type')).resolves.toBe('radio');
    await guest.page.getByLabel('Yes, we’ll be there').check();
    await guest.page.getByLabel('Your child’s first name').fill('Leo');
    await guest.page.getByLabel(/Allergies or dietary needs/).fill('Peanuts');
    await expectNoAxeViolations(guest.page);
    await expectNoSidewaysScroll(guest.page);
    await screenshot(guest.page, 'party-invite-form-390');
    await guest.page.getByRole('button', { name: 'Send my reply' }).click();
    await guest.page.getByTestId('rsvp-answer').filter({ hasText: 'Leo is coming to Mia’s party.' }).waitFor();
    await screenshot(guest.page, 'party-invite-answered-390');
    // The answer stays, and can change.
    await guest.page.reload();
    await guest.page.getByTestId('rsvp-answer').filter({ hasText: 'Leo is coming' }).waitFor();
    await guest.page.getByRole('button', { name: 'Change my reply' }).click();
    await guest.page.getByLabel('Sorry, we can’t come').check();
    await guest.page.getByRole('button', { name: 'Send my reply' }).click();
    await guest.page.getByTestId('rsvp-answer').filter({ hasText: 'Leo can’t come to Mia’s party.' }).waitFor();
    await guest.page
      .getByLabel('Yes, we’ll be there')
      .count()
      .then((n) => expect(n).toBe(0));
    expect(guest.errors).toEqual([]);

    // A dead link says so, kindly.
    await guest.page.goto(`${url}/party-invite/${'x'.repeat(40)}`);
    await guest.page.getByRole('heading', { name: 'This invitation link does not work' }).waitFor();
    await guest.context.close();

    // The family sees the reply counted, never the guest's details.
    await host.page.reload();
    await expect(counts.innerText()).resolves.toMatch(/Invited\s+2\s+Coming\s+0\s+Not coming\s+1/);
    await expect(host.page.getByText('Leo').count()).resolves.toBe(0);
    await host.context.close();

    // The same link on a phone.
    const phone = await openPage(suite.browser, 'phone390');
    await phone.page.goto(manageLink);
    await phone.page.getByRole('heading', { level: 1, name: 'Mia’s party' }).waitFor();
    await phone.page.getByTestId('invitation-counts').waitFor();
    await expectNoSidewaysScroll(phone.page);
    await screenshot(phone.page, 'party-manage-390');
    await phone.context.close();

    // A stranger with the party's address but no token: the same answer as for no party at all.
    const stranger = await openPage(suite.browser, 'phone390');
    await stranger.page.goto(`${url}/party/${party.partyId}`);
    await stranger.page.getByRole('heading', { name: 'We could not find that party.' }).waitFor();
    await stranger.page.getByRole('link', { name: 'Sign in to My Bookings' }).waitFor();
    await expect(stranger.page.getByText(party.reference).count()).resolves.toBe(0);
    await expectNoAxeViolations(stranger.page);
    await screenshot(stranger.page, 'party-manage-not-found-390');
    // A wrong token fares no better.
    await stranger.page.goto(`${url}/party/${party.partyId}#t=${'a'.repeat(40)}`);
    await stranger.page.getByRole('heading', { name: 'We could not find that party.' }).waitFor();
    await stranger.context.close();

    // The family signed in to My Bookings (no link at hand): the party is listed and opens without a token in any URL.
    const family = await openPage(suite.browser, 'phone390');
    await family.page.goto(`${url}/my-bookings`);
    await confirmEmailOnPage(family.page, suite.sink.received, { idPrefix: 'my-bookings', email: parent.email });
    const listed = family.page.getByTestId('family-party');
    await listed.filter({ hasText: party.reference }).waitFor();
    await expect(listed.innerText()).resolves.toContain('Paid in full');
    const open = listed.getByRole('link', { name: /Open your party/ });
    await expect(open.getAttribute('href')).resolves.toBe(`/party/${party.partyId}`);
    await expectNoSidewaysScroll(family.page);
    await screenshot(family.page, 'my-bookings-parties-390');
    await open.click();
    await family.page.getByRole('heading', { level: 1, name: 'Mia’s party' }).waitFor();
    expect(family.page.url()).toBe(`${url}/party/${party.partyId}`);
    expect(family.errors).toEqual([]);
    await family.context.close();
  });
});
